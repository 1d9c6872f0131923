import Basics
import Chrono
import Diagnostics
import Geography
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
        var code: DiagnosticCode
        var place: SchemaPlace
        var message: String
        /// The reservation field concerned, as the model names it.
        var field: FieldPath?
    }

    private(set) var mapped: [Mapped] = []
    private(set) var findings: [Finding] = []
    /// How the document writes its dates.
    let dates: DocumentDates
    /// The reservation being mapped, whose place's country is the last guess for a date's order.
    private var reservationObject: SchemaObject?

    /// A mapper for the objects of one document.
    init(dates: DocumentDates) {
        self.dates = dates
    }

    /// The last reservation mapped, moved out of ``mapped``.
    mutating func removeLastMapped() -> Mapped? {
        mapped.popLast()
    }

    /// Turns the byte offsets of what was found since `mark` into lines and columns, and lets go
    /// of the graphs it was found in.
    mutating func locate(since mark: (mapped: Int, findings: Int), by locate: (Int) -> TextPosition?) {
        for index in mark.mapped..<mapped.count { mapped[index].place = mapped[index].place.located(by: locate) }
        for index in mark.findings..<findings.count { findings[index].place = findings[index].place.located(by: locate) }
    }

    /// The category a reservation type maps to.
    static func category(_ type: SchemaTerm?) -> ReservationCategory? {
        switch type {
        case .flightReservation: .flight
        case .lodgingReservation: .lodging
        case .rentalCarReservation: .rentalCar
        case .foodEstablishmentReservation: .restaurant
        case .eventReservation: .ticketedEvent
        case .trainReservation: .train
        case .busReservation: .bus
        case .boatReservation: .boat
        default: nil
        }
    }

    /// Maps the top-level objects of a graph.
    mutating func map(_ graph: SchemaGraph) {
        for root in graph.roots { map(SchemaObject(graph: graph, index: root), inheriting: nil, depth: 0) }
    }

    /// How deep reservations are looked for inside other objects (a `WebPage`'s `mainEntity`, an
    /// `Order`'s `orderedItem`, an `EmailMessage`'s `about`).
    static let searchDepth = 6

    private mutating func map(_ object: SchemaObject, inheriting package: SchemaObject?, depth: Int = 0) {
        if object.isA(.reservationPackage) {
            let parts = object.values(.subReservation).compactMap(\.object)
            if parts.isEmpty {
                findings.append(Finding(severity: .warning, code: .invalid, place: object.place, message: "a ReservationPackage without subReservation; skipped"))
            }
            for part in parts { map(part, inheriting: object, depth: depth + 1) }
            return
        }
        if let category = object.typeTerms.lazy.compactMap(Self.category).first {
            mapReservation(object, category: category, package: package)
            return
        }
        if let type = object.typeNames.first(where: { $0.hasSuffix("Reservation") }) {
            findings.append(
                Finding(
                    severity: .warning, code: .unsupportedType, place: object.place,
                    message: "\(type) is not one of the eight kinds of reservation this tool writes; skipped"))
            return
        }
        if depth == 0, object.typeTerms.contains(where: { $0?.isEventType == true }) {
            mapPlainEvent(object)
            return
        }
        // Not a reservation: look inside for reservations it wraps.
        guard depth < Self.searchDepth else { return }
        // Events inside other objects (a venue's list of concerts) are not bookings.
        for value in object.allValues {
            guard let inner = value.object, !inner.typeTerms.contains(where: { $0?.isEventType == true }) else { continue }
            map(inner, inheriting: nil, depth: depth + 1)
        }
    }

    // MARK: - Reservations

    private mutating func mapReservation(_ object: SchemaObject, category: ReservationCategory, package: SchemaObject?) {
        reservationObject = object
        defer { reservationObject = nil }
        // A reservation for several flights or trips is one reservation per leg.
        let targets = object.values(.reservationFor).compactMap(\.object)
        for target in (targets.isEmpty ? [nil] : targets.map(Optional.some)) {
            var reservation = common(object, package: package, category: category)
            reservation.details = details(category, reservation: object, target: target)
            if reservation.provider == nil, [.train, .bus, .boat].contains(category) {
                reservation.provider = transitProvider(target, kind: category)
            }
            finish(reservation, place: object.place, isPlainEvent: false)
        }
    }

    private mutating func mapPlainEvent(_ event: SchemaObject) {
        reservationObject = event
        defer { reservationObject = nil }
        var reservation = Reservation(details: .ticketedEvent(ticketedEvent(event, reservation: nil)))
        reservation.url = text(event, .url)
        // A page about an event has no booking number: the event itself is the identity.
        reservation.itemReference = text(event, .atID, .url)
            ?? [text(event, .name), text(event, .startDate)].compactMap { $0 }.joined(separator: "|")
        reservation.provider = organization(event, .organizer, .provider)
        finish(reservation, place: event.place, isPlainEvent: true)
    }

    /// Adds a reservation, or reports what it lacks, at the markup property that would have held it.
    private mutating func finish(_ reservation: Reservation, place: SchemaPlace, isPlainEvent: Bool) {
        if let problem = reservation.requirementProblems.first {
            let terms = problem.field.map { Self.markupTerms(of: $0, category: reservation.category, isPlainEvent: isPlainEvent) } ?? []
            findings.append(
                Finding(
                    severity: .error, code: problem.code, place: terms.reduce(place) { $0.appending($1.rawValue) },
                    message: "\(problem.message); the item is skipped", field: problem.field))
            return
        }
        mapped.append(Mapped(reservation: reservation, place: place))
    }

    /// The property path markup writes a required field of the model at, in the spelling Apple
    /// and Google document first (markup may use another the mapper also reads).
    ///
    /// - Parameter isPlainEvent: Whether the object is an `Event` with no reservation around it.
    private static func markupTerms(of field: FieldPath, category: ReservationCategory, isPlainEvent: Bool) -> [SchemaTerm] {
        switch (field, category) {
        case (.departureTime, _): [.reservationFor, .departureTime]
        case (.checkInTime, _): [.checkinTime]
        case (.pickUpTime, _): [.pickupTime]
        case (.startTime, .ticketedEvent): isPlainEvent ? [.startDate] : [.reservationFor, .startDate]
        case (.startTime, _): [.startTime]
        default: []
        }
    }

    /// An Apple Wallet pass's identity, as KDE's extractor gives it (`pkpassPassTypeIdentifier`
    /// and `pkpassSerialNumber`): Wallet replaces a pass with the same two by its update, and so
    /// does the feed (`pass.com.example.boarding/8YQ2K-1`).
    private func walletPass(_ object: SchemaObject) -> String? {
        guard let type = text(object, .pkpassPassTypeIdentifier), let serial = text(object, .pkpassSerialNumber) else { return nil }
        return "\(type)/\(serial)"
    }

    /// The fields every reservation has, from the reservation object (and its package).
    private mutating func common(_ object: SchemaObject, package: SchemaObject?, category: ReservationCategory) -> Reservation {
        var reservation = Reservation(details: .flight(Flight()))
        reservation.reservationNumber =
            text(object, .reservationNumber, .reservationId) ?? text(object, .confirmationNumber)
            ?? text(package, .reservationNumber, .reservationId) ?? text(package, .confirmationNumber)
        reservation.itemReference =
            text(object.values(.reservedTicket).first?.object, .ticketNumber) ?? text(object, .atID) ?? walletPass(object)
        reservation.status = status(object) ?? package.flatMap(status) ?? .unknown
        reservation.holderName = person(object.values(.underName).first ?? package?.values(.underName).first)
        // Everyone the booking names: several `underName`s, and each ticket's own.
        var named = Array(object.values(.underName))
        if named.isEmpty, let package { named = Array(package.values(.underName)) }
        for ticket in object.values(.reservedTicket) {
            if let ticket = ticket.object { named += ticket.values(.underName) }
        }
        if named.count > 1 {
            let everyone = PersonName.distinct(named.compactMap(person))
            if everyone.count > 1 { reservation.travellers = everyone }
        }
        reservation.bookingTime = time(object, .bookingTime, .bookingDate)
        reservation.modifiedTime = time(object, .modifiedTime, .dateModified) ?? time(package, .modifiedTime, .dateModified)
        reservation.url = text(object, .url, .modifyReservationUrl) ?? text(package, .url, .modifyReservationUrl)
        reservation.provider = organization(object, .provider) ?? organization(package, .provider)
        reservation.broker = organization(object, .broker, .bookingAgent) ?? organization(package, .broker, .bookingAgent)
        reservation.checkInAction = checkInAction(object)
        return reservation
    }

    private mutating func details(_ category: ReservationCategory, reservation: SchemaObject, target: SchemaObject?)
        -> ReservationDetails
    {
        switch category {
        case .flight: return .flight(flight(target, reservation: reservation))
        case .lodging: return .lodging(lodging(target, reservation: reservation))
        case .rentalCar: return .rentalCar(rentalCar(target, reservation: reservation))
        case .restaurant: return .restaurant(restaurant(target, reservation: reservation))
        case .ticketedEvent: return .ticketedEvent(ticketedEvent(target, reservation: reservation))
        case .train: return .train(transit(target, reservation: reservation, kind: category))
        case .bus: return .bus(transit(target, reservation: reservation, kind: category))
        case .boat: return .boat(transit(target, reservation: reservation, kind: category))
        }
    }

    // MARK: - Values

    // Each helper takes one name, and two or three to try in turn (overloads, not variadic
    // parameters: those make an array on every call).

    /// The first non-empty text of a property, without white space around it.
    func text(_ object: SchemaObject?, _ name: SchemaTerm) -> String? {
        object?.firstTrimmedText(name)
    }

    func text(_ object: SchemaObject?, _ first: SchemaTerm, _ second: SchemaTerm) -> String? {
        text(object, first) ?? text(object, second)
    }

    /// The first object value of a property.
    func object(_ object: SchemaObject?, _ name: SchemaTerm) -> SchemaObject? {
        object?.values(name).lazy.compactMap(\.object).first
    }

    func object(_ object: SchemaObject?, _ first: SchemaTerm, _ second: SchemaTerm) -> SchemaObject? {
        self.object(object, first) ?? self.object(object, second)
    }

    /// A whole number, from a number or text (`2`, `"2"`, `"2 people"`).
    func integer(_ object: SchemaObject?, _ name: SchemaTerm) -> Int? {
        guard let text = text(object, name) else { return nil }
        if let value = Int(text) { return value }
        // A count written as a number too large for an integer ("1e300", "inf") is no count:
        // converted, it would stop the program.
        if let value = Double(text), value.isFinite, value == value.rounded() { return Int(exactly: value) }
        return Int(text.prefix(while: \.isNumber))
    }

    /// A date or date-time: ISO 8601 text, or an object with `@value` and KDE's `timezone`.
    /// Dates written otherwise (`15.06.2027 14:00`) are read and reported; text that is not a
    /// date at all is reported and the value left out.
    mutating func time(_ object: SchemaObject?, _ name: SchemaTerm) -> DateTimeValue? {
        guard let object else { return nil }
        for value in object.values(name) {
            var text = value.object == nil ? value.text : nil
            var zone: String?
            if let inner = value.object {
                text = self.text(inner, .atValue)
                zone = self.text(inner, .timezone, .timeZone)
            }
            guard let text, !text.isEmpty else { continue }
            do {
                let reservation = reservationObject
                let reading = try dates.read(text) { reservation.flatMap(Self.placeCountry(of:)) }
                if !reading.isStrict {
                    findings.append(Finding(severity: .warning, code: reading.diagnosticCode, place: value.place, message: reading.description))
                }
                var parsed = reading.value
                if let zone, case .dateTime(let local, nil, let offset) = parsed, TimeZoneRules.isKnown(zone) {
                    parsed = .dateTime(local, timeZone: zone, utcOffset: offset)
                }
                return parsed
            } catch {
                findings.append(Finding(severity: .warning, code: .invalid, place: value.place, message: "\(error); left out"))
            }
        }
        return nil
    }

    mutating func time(_ object: SchemaObject?, _ first: SchemaTerm, _ second: SchemaTerm) -> DateTimeValue? {
        time(object, first) ?? time(object, second)
    }

    mutating func time(_ object: SchemaObject?, _ first: SchemaTerm, _ second: SchemaTerm, _ third: SchemaTerm) -> DateTimeValue? {
        time(object, first) ?? time(object, second) ?? time(object, third)
    }

    /// The country of the first address found in a reservation's objects (its venue's, its
    /// departure station's...), by breadth.
    static func placeCountry(of reservation: SchemaObject) -> String? {
        PlaceCountry.first(
            from: reservation, codes: { $0.values(.addressCountry).compactMap(\.trimmedText) },
            children: { $0.allValues.compactMap(\.object) })
    }

    /// `ReservationConfirmed`, `Confirmed`, `http://schema.org/ReservationCancelled`...
    func status(_ object: SchemaObject) -> ReservationStatus? {
        guard var text = text(object, .reservationStatus) else { return nil }
        var name = text.withUTF8 { String(decoding: SchemaTerm.localName($0), as: UTF8.self) }.lowercased()
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
        if let name = text(object, .name) { return name }
        let parts = [text(object, .givenName), text(object, .familyName)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// An organization from an object or a name.
    func organization(_ object: SchemaObject?, _ name: SchemaTerm) -> Organization? {
        guard let value = object?.values(name).first else { return nil }
        guard let inner = value.object else { return value.text.map { Organization(name: $0) } }
        return Organization(
            name: text(inner, .name, .legalName), url: text(inner, .url), phone: text(inner, .telephone), email: text(inner, .email))
    }

    func organization(_ object: SchemaObject?, _ first: SchemaTerm, _ second: SchemaTerm) -> Organization? {
        organization(object, first) ?? organization(object, second)
    }

    /// A place: name, address, coordinates (`geo`, or `latitude`/`longitude` on the place) and phone.
    func place(_ object: SchemaObject?) -> Place? {
        guard let object else { return nil }
        return Place(
            name: text(object, .name), address: address(object.values(.address).first), coordinates: coordinates(object),
            phone: text(object, .telephone))
    }

    /// A PostalAddress, or an address written as one text.
    func address(_ value: SchemaValue?) -> PostalAddress? {
        guard let value else { return nil }
        guard let object = value.object else { return value.text.map { PostalAddress(street: $0) } }
        let country = text(object, .addressCountry)
        let code = country.flatMap { $0.count == 2 && $0.allSatisfy(\.isLetter) ? $0.uppercased() : nil }
        return PostalAddress(
            street: text(object, .streetAddress), city: text(object, .addressLocality), region: text(object, .addressRegion),
            postalCode: text(object, .postalCode), country: code == nil ? country : nil, countryCode: code)
    }

    func coordinates(_ object: SchemaObject) -> Coordinates? {
        let source = self.object(object, .geo) ?? object
        guard let latitude = text(source, .latitude).flatMap(Double.init),
            let longitude = text(source, .longitude).flatMap(Double.init)
        else { return nil }
        return Coordinates(latitude: latitude, longitude: longitude)
    }

    /// A seat from `reservedTicket.ticketedSeat` (a train's coach is its section), or
    /// `airplaneSeat` and `airplaneSeatClass`.
    func seat(_ reservation: SchemaObject?) -> Seat? {
        let ticketed = object(object(reservation, .reservedTicket), .ticketedSeat)
        let seat = Seat(
            section: text(ticketed, .seatSection), row: text(ticketed, .seatRow),
            number: text(ticketed, .seatNumber) ?? text(reservation, .airplaneSeat),
            type: text(ticketed, .seatingType) ?? text(reservation, .airplaneSeatClass))
        return seat == Seat() ? nil : seat
    }

    /// Online check-in: a `CheckInAction` among the `potentialAction`s, or Google's `checkinUrl`.
    mutating func checkInAction(_ reservation: SchemaObject) -> CheckInAction? {
        let action = reservation.values(.potentialAction).compactMap(\.object).first { $0.isA(.checkInActionType) }
        let target = action.flatMap { self.object($0, .target).map { text($0, .urlTemplate, .url) } ?? text($0, .target) }
        let url = target ?? text(reservation, .checkinUrl)
        let opens = action.flatMap { time($0, .startTime) }
        let closes = action.flatMap { time($0, .endTime) }
        guard url != nil || opens != nil else { return nil }
        return CheckInAction(validFrom: opens, validUntil: closes, url: url)
    }
}
