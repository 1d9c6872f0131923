import Chrono
import Reservations

/// Maps schema.org objects to reservations, reading the markup Apple (Siri Event Suggestions) and
/// Google (Gmail) document, with the spellings both use: `reservationNumber` or `reservationId`,
/// `checkinTime` or `checkinDate`, `startTime` or `startDate`, `airline` or `provider`, statuses
/// `ReservationConfirmed` or `Confirmed` with or without the schema.org IRI, strings for numbers,
/// and arrays where one value is expected.
///
/// Every kind of reservation maps onto the model; a `ReservationPackage` gives its
/// `subReservation`s; a plain `Event` (a concert page with no reservation around it) becomes a
/// ticketed event. Reservation types the model has no category for (a taxi) are reported and
/// skipped; other objects on a page (breadcrumbs, products) are not reservations and are passed over.
struct SchemaOrgMapper {
    /// A reservation and where its object is.
    struct Mapped {
        var reservation: Reservation
        var place: SchemaPlace
    }

    /// Something to report about an object.
    struct Finding {
        var severity: Diagnostic.Severity
        var code: String
        var place: SchemaPlace
        var message: String
    }

    private(set) var mapped: [Mapped] = []
    private(set) var findings: [Finding] = []

    /// Turns the byte offsets of what was found since `mark` into lines and columns, and lets go
    /// of the graphs it was found in.
    mutating func locate(since mark: (mapped: Int, findings: Int), by locate: (Int) -> TextPosition?) {
        for index in mark.mapped..<mapped.count { mapped[index].place = mapped[index].place.located(by: locate) }
        for index in mark.findings..<findings.count { findings[index].place = findings[index].place.located(by: locate) }
    }

    /// The reservation types and the category each maps to.
    static let categories: [String: ReservationCategory] = [
        "FlightReservation": .flight, "LodgingReservation": .lodging, "RentalCarReservation": .rentalCar,
        "FoodEstablishmentReservation": .restaurant, "EventReservation": .ticketedEvent, "TrainReservation": .train,
        "BusReservation": .bus, "BoatReservation": .boat,
    ]

    /// schema.org's Event and its subtypes, which become ticketed events on their own.
    static let eventTypes: Set<String> = [
        "Event", "BusinessEvent", "ChildrensEvent", "ComedyEvent", "CourseInstance", "DanceEvent", "DeliveryEvent",
        "EducationEvent", "EventSeries", "ExhibitionEvent", "Festival", "FoodEvent", "Hackathon", "LiteraryEvent",
        "MusicEvent", "PublicationEvent", "SaleEvent", "ScreeningEvent", "SocialEvent", "SportsEvent", "TheaterEvent",
        "VisualArtsEvent",
    ]

    /// Maps the top-level objects of a graph.
    mutating func map(_ graph: SchemaGraph) {
        for root in graph.roots { map(SchemaObject(graph: graph, index: root), inheriting: nil, depth: 0) }
    }

    /// How deep reservations are looked for inside other objects (a `WebPage`'s `mainEntity`, an
    /// `Order`'s `orderedItem`, an `EmailMessage`'s `about`).
    static let searchDepth = 6

    private mutating func map(_ object: SchemaObject, inheriting package: SchemaObject?, depth: Int = 0) {
        if object.isA("ReservationPackage") {
            let parts = object.values("subReservation").compactMap(\.object)
            if parts.isEmpty {
                findings.append(Finding(severity: .warning, code: "invalid", place: object.place, message: "a ReservationPackage without subReservation; skipped"))
            }
            for part in parts { map(part, inheriting: object, depth: depth + 1) }
            return
        }
        if let type = object.types.first(where: { Self.categories[$0] != nil }), let category = Self.categories[type] {
            mapReservation(object, category: category, package: package)
            return
        }
        if let type = object.types.first(where: { $0.hasSuffix("Reservation") }) {
            findings.append(
                Finding(
                    severity: .warning, code: "unsupported-type", place: object.place,
                    message: "\(type) is not one of the eight kinds of reservation this tool writes; skipped"))
            return
        }
        if depth == 0, object.types.contains(where: Self.eventTypes.contains) {
            mapPlainEvent(object)
            return
        }
        // Not a reservation: look inside for reservations it wraps.
        guard depth < Self.searchDepth else { return }
        // Events inside other objects (a venue's list of concerts) are not bookings.
        for value in object.allValues {
            guard let inner = value.object, !inner.types.contains(where: Self.eventTypes.contains) else { continue }
            map(inner, inheriting: nil, depth: depth + 1)
        }
    }

    // MARK: - Reservations

    private mutating func mapReservation(_ object: SchemaObject, category: ReservationCategory, package: SchemaObject?) {
        // A reservation for several flights or trips is one reservation per leg.
        let targets = object.values("reservationFor").compactMap(\.object)
        for target in (targets.isEmpty ? [nil] : targets.map(Optional.some)) {
            var reservation = common(object, package: package, category: category)
            reservation.details = details(category, reservation: object, target: target)
            if reservation.provider == nil, [.train, .bus, .boat].contains(category) {
                reservation.provider = transitProvider(target, kind: category.rawValue)
            }
            finish(reservation, place: object.place, schemaField: Self.requiredField(category))
        }
    }

    private mutating func mapPlainEvent(_ event: SchemaObject) {
        var reservation = Reservation(details: .ticketedEvent(ticketedEvent(event, reservation: nil)))
        reservation.url = text(event, "url")
        // A page about an event has no booking number: the event itself is the identity.
        reservation.itemReference = text(event, "@id", "url")
            ?? [text(event, "name"), text(event, "startDate")].compactMap { $0 }.joined(separator: "|")
        reservation.provider = organization(event, "organizer", "provider")
        finish(reservation, place: event.place, schemaField: "startDate")
    }

    /// Adds a reservation, or reports what it lacks.
    private mutating func finish(_ reservation: Reservation, place: SchemaPlace, schemaField: String) {
        if let problem = reservation.requirementProblems.first {
            findings.append(
                Finding(
                    severity: .error, code: "missing-required", place: place.appending(schemaField),
                    message: "\(problem.message); the item is skipped"))
            return
        }
        mapped.append(Mapped(reservation: reservation, place: place))
    }

    /// The markup property a category cannot do without.
    private static func requiredField(_ category: ReservationCategory) -> String {
        switch category {
        case .flight, .train, .bus, .boat: "reservationFor.departureTime"
        case .lodging: "checkinTime"
        case .rentalCar: "pickupTime"
        case .restaurant: "startTime"
        case .ticketedEvent: "reservationFor.startDate"
        }
    }

    /// The fields every reservation has, from the reservation object (and its package).
    private mutating func common(_ object: SchemaObject, package: SchemaObject?, category: ReservationCategory) -> Reservation {
        func first(_ names: String...) -> String? {
            for source in [object, package].compactMap({ $0 }) {
                for name in names { if let value = text(source, name) { return value } }
            }
            return nil
        }
        var reservation = Reservation(details: .flight(Flight()))
        reservation.reservationNumber = first("reservationNumber", "reservationId", "confirmationNumber")
        reservation.itemReference = text(object.values("reservedTicket").first?.object, "ticketNumber") ?? text(object, "@id")
        reservation.status = status(object) ?? package.flatMap(status) ?? .unknown
        reservation.holderName = person(object.values("underName").first ?? package?.values("underName").first)
        reservation.bookingTime = time(object, "bookingTime", "bookingDate")
        reservation.modifiedTime = time(object, "modifiedTime", "dateModified") ?? package.flatMap { time($0, "modifiedTime", "dateModified") }
        reservation.url = first("url", "modifyReservationUrl")
        reservation.provider = organization(object, "provider") ?? package.flatMap { organization($0, "provider") }
        reservation.broker = organization(object, "broker", "bookingAgent") ?? package.flatMap { organization($0, "broker", "bookingAgent") }
        reservation.checkInAction = checkInAction(object)
        return reservation
    }

    private mutating func details(_ category: ReservationCategory, reservation: SchemaObject, target: SchemaObject?)
        -> ReservationDetails
    {
        switch category {
        case .flight: .flight(flight(target, reservation: reservation))
        case .lodging: .lodging(lodging(target, reservation: reservation))
        case .rentalCar: .rentalCar(rentalCar(target, reservation: reservation))
        case .restaurant: .restaurant(restaurant(target, reservation: reservation))
        case .ticketedEvent: .ticketedEvent(ticketedEvent(target, reservation: reservation))
        case .train: .train(transit(target, reservation: reservation, kind: "train"))
        case .bus: .bus(transit(target, reservation: reservation, kind: "bus"))
        case .boat: .boat(transit(target, reservation: reservation, kind: "boat"))
        }
    }

    // MARK: - Values

    /// The first non-empty text of the first of the names that has one.
    func text(_ object: SchemaObject?, _ names: String...) -> String? {
        guard let object else { return nil }
        for name in names {
            for value in object.values(name) {
                if let text = value.text?.trimmingWhitespace(), !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// The first object value of the first of the names that has one.
    func object(_ object: SchemaObject?, _ names: String...) -> SchemaObject? {
        guard let object else { return nil }
        for name in names {
            if let found = object.values(name).lazy.compactMap(\.object).first { return found }
        }
        return nil
    }

    /// A whole number, from a number or text (`2`, `"2"`, `"2 people"`).
    func integer(_ object: SchemaObject?, _ names: String...) -> Int? {
        for name in names {
            guard let text = text(object, name) else { continue }
            if let value = Int(text) { return value }
            if let value = Double(text), value == value.rounded() { return Int(value) }
            if let value = Int(text.prefix(while: \.isNumber)) { return value }
        }
        return nil
    }

    /// A date or date-time: ISO 8601 text, or an object with `@value` and KDE's `timezone`.
    /// Text that is not a date is reported and the value left out.
    mutating func time(_ object: SchemaObject?, _ names: String...) -> DateTimeValue? {
        guard let object else { return nil }
        for name in names {
            for value in object.values(name) {
                var text = value.text
                var zone: String?
                if let inner = value.object {
                    text = self.text(inner, "@value")
                    zone = self.text(inner, "timezone", "timeZone")
                }
                guard let text, !text.isEmpty else { continue }
                do {
                    var parsed = try DateTimeValue(iso8601: text)
                    if let zone, case .dateTime(let local, nil, let offset) = parsed, TimeZoneRules.isKnown(zone) {
                        parsed = .dateTime(local, timeZone: zone, utcOffset: offset)
                    }
                    return parsed
                } catch {
                    findings.append(Finding(severity: .warning, code: "invalid", place: value.place, message: "\(error); left out"))
                }
            }
        }
        return nil
    }

    /// `ReservationConfirmed`, `Confirmed`, `http://schema.org/ReservationCancelled`...
    func status(_ object: SchemaObject) -> ReservationStatus? {
        guard let text = text(object, "reservationStatus") else { return nil }
        var name = SchemaObject.localName(text).lowercased()
        if name.hasPrefix("reservation") { name.removeFirst("reservation".count) }
        switch name {
        case "confirmed": return .confirmed
        case "cancelled", "canceled": return .cancelled
        case "pending": return .pending
        case "hold", "onhold": return .hold
        default: return .unknown
        }
    }

    /// A person's name: `name`, else `givenName familyName`, else the text.
    func person(_ value: SchemaValue?) -> String? {
        guard let value else { return nil }
        guard let object = value.object else { return value.text?.trimmingWhitespace() }
        if let name = text(object, "name") { return name }
        let parts = [text(object, "givenName"), text(object, "familyName")].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// An organization from an object or a name.
    func organization(_ object: SchemaObject?, _ names: String...) -> Organization? {
        guard let object else { return nil }
        for name in names {
            guard let value = object.values(name).first else { continue }
            guard let inner = value.object else { return value.text.map { Organization(name: $0) } }
            return Organization(
                name: text(inner, "name", "legalName"), url: text(inner, "url"), phone: text(inner, "telephone"),
                email: text(inner, "email"))
        }
        return nil
    }

    /// A place: name, address, coordinates (`geo`, or `latitude`/`longitude` on the place) and phone.
    func place(_ object: SchemaObject?) -> Place? {
        guard let object else { return nil }
        return Place(
            name: text(object, "name"), address: address(object.values("address").first), coordinates: coordinates(object),
            phone: text(object, "telephone"))
    }

    /// A PostalAddress, or an address written as one text.
    func address(_ value: SchemaValue?) -> PostalAddress? {
        guard let value else { return nil }
        guard let object = value.object else { return value.text.map { PostalAddress(street: $0) } }
        let country = text(object, "addressCountry")
        let code = country.flatMap { $0.count == 2 && $0.allSatisfy(\.isLetter) ? $0.uppercased() : nil }
        return PostalAddress(
            street: text(object, "streetAddress"), city: text(object, "addressLocality"), region: text(object, "addressRegion"),
            postalCode: text(object, "postalCode"), country: code == nil ? country : nil, countryCode: code)
    }

    func coordinates(_ object: SchemaObject) -> Coordinates? {
        let source = self.object(object, "geo") ?? object
        guard let latitude = text(source, "latitude").flatMap(Double.init),
            let longitude = text(source, "longitude").flatMap(Double.init)
        else { return nil }
        return Coordinates(latitude: latitude, longitude: longitude)
    }

    /// A seat from `reservedTicket.ticketedSeat` (a train's coach is its section), or
    /// `airplaneSeat` and `airplaneSeatClass`.
    func seat(_ reservation: SchemaObject?) -> Seat? {
        let ticketed = object(object(reservation, "reservedTicket"), "ticketedSeat")
        let seat = Seat(
            section: text(ticketed, "seatSection"), row: text(ticketed, "seatRow"),
            number: text(ticketed, "seatNumber") ?? text(reservation, "airplaneSeat"),
            type: text(ticketed, "seatingType") ?? text(reservation, "airplaneSeatClass"))
        return seat == Seat() ? nil : seat
    }

    /// Online check-in: a `CheckInAction` among the `potentialAction`s, or Google's `checkinUrl`.
    mutating func checkInAction(_ reservation: SchemaObject) -> CheckInAction? {
        let action = reservation.values("potentialAction").compactMap(\.object).first { $0.isA("CheckInAction") }
        let target = action.flatMap { self.object($0, "target").map { text($0, "urlTemplate", "url") } ?? text($0, "target") }
        let url = target ?? text(reservation, "checkinUrl")
        let opens = action.flatMap { time($0, "startTime") }
        let closes = action.flatMap { time($0, "endTime") }
        guard url != nil || opens != nil else { return nil }
        return CheckInAction(validFrom: opens, validUntil: closes, url: url)
    }
}
