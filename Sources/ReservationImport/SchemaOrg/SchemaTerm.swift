/// The schema.org names the mapper reads: properties (`reservationFor`), types
/// (`FlightReservation`) and JSON-LD keywords (`@type`).
///
/// A name is looked up once, when the markup is read, and the graph stores the term: finding a
/// property is then comparing small integers, not strings. Names the mapper never asks for stay
/// text in the graph.
enum SchemaTerm: String, CaseIterable, Sendable {
    // JSON-LD keywords.
    case atType = "@type", atContext = "@context", atGraph = "@graph", atID = "@id", atValue = "@value"

    // Reservations.
    case reservationFor, subReservation, reservationNumber, reservationId, confirmationNumber, reservedTicket, ticketNumber
    case reservationStatus, underName, bookingTime, bookingDate, modifiedTime, dateModified, url, modifyReservationUrl
    case provider, broker, bookingAgent, potentialAction, target, urlTemplate, checkinUrl, startTime, endTime

    // People, organizations, places.
    case name, givenName, familyName, legalName, telephone, email, address, geo, latitude, longitude
    case streetAddress, addressLocality, addressRegion, postalCode, addressCountry, timezone, timeZone

    // Seats.
    case ticketedSeat, seatSection, seatRow, seatNumber, seatingType, airplaneSeat, airplaneSeatClass

    // Flights.
    case airline, seller, iataCode, icaoCode, flightNumber, boardingTime
    case departureAirport, departureTerminal, departureGate, departureTime, departureDay
    case arrivalAirport, arrivalTerminal, arrivalGate, arrivalTime

    // Stays, cars, tables, events.
    case checkinTime, checkinDate, checkInTime, checkoutTime, checkoutDate, checkOutTime, numAdults, numChildren
    case brand, manufacturer, model, vehicleConfiguration, description, rentalCompany
    case pickupLocation, dropoffLocation, pickupTime, dropoffTime, startDate, endDate, partySize
    case workPresented, location, numSeats, organizer

    // Trains, buses and boats.
    case departureStation, arrivalStation, departureBusStop, arrivalBusStop, departureBoatTerminal, arrivalBoatTerminal
    case departurePlatform, arrivalPlatform, trainName, busName, boatName, trainNumber, busNumber, boatNumber, tripNumber
    case trainCompany, busCompany, boatCompany
    // KDE's extractor on Apple Wallet passes: the pass's identity, as Wallet keeps it.
    case pkpassPassTypeIdentifier, pkpassSerialNumber

    // Types.
    case flightReservation = "FlightReservation", lodgingReservation = "LodgingReservation"
    case rentalCarReservation = "RentalCarReservation", foodEstablishmentReservation = "FoodEstablishmentReservation"
    case eventReservation = "EventReservation", trainReservation = "TrainReservation", busReservation = "BusReservation"
    case boatReservation = "BoatReservation", reservationPackage = "ReservationPackage", checkInActionType = "CheckInAction"
    case movie = "Movie"

    // schema.org's Event and its subtypes.
    case event = "Event", businessEvent = "BusinessEvent", childrensEvent = "ChildrensEvent", comedyEvent = "ComedyEvent"
    case courseInstance = "CourseInstance", danceEvent = "DanceEvent", deliveryEvent = "DeliveryEvent"
    case educationEvent = "EducationEvent", eventSeries = "EventSeries", exhibitionEvent = "ExhibitionEvent"
    case festival = "Festival", foodEvent = "FoodEvent", hackathon = "Hackathon", literaryEvent = "LiteraryEvent"
    case musicEvent = "MusicEvent", publicationEvent = "PublicationEvent", saleEvent = "SaleEvent"
    case screeningEvent = "ScreeningEvent", socialEvent = "SocialEvent", sportsEvent = "SportsEvent"
    case theaterEvent = "TheaterEvent", visualArtsEvent = "VisualArtsEvent"

    /// Whether this is schema.org's Event or one of its subtypes.
    var isEventType: Bool {
        switch self {
        case .event, .businessEvent, .childrensEvent, .comedyEvent, .courseInstance, .danceEvent, .deliveryEvent,
            .educationEvent, .eventSeries, .exhibitionEvent, .festival, .foodEvent, .hackathon, .literaryEvent, .musicEvent,
            .publicationEvent, .saleEvent, .screeningEvent, .socialEvent, .sportsEvent, .theaterEvent, .visualArtsEvent:
            true
        default:
            false
        }
    }

    /// The term a name is, when it is one: the name as written (`reservationFor`), or as an IRI or
    /// compact name (`http://schema.org/reservationFor`, `schema:reservationFor`).
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        self.init(local: Self.localName(name))
    }

    /// The term a local name (see ``localName(_:)``) is, when it is one.
    init?(local name: UnsafeBufferPointer<UInt8>) {
        guard let term = Self.table.term(name) else { return nil }
        self = term
    }

    /// The term a name is, when it is one (see ``init(_:)-(UnsafeBufferPointer<UInt8>)``).
    init?(_ name: String) {
        var name = name
        guard let term = name.withUTF8({ Self($0) }) else { return nil }
        self = term
    }

    /// The local part of a name: without white space around it, and without a schema.org
    /// prefix (`http://schema.org/`, `https://www.schema.org/`, `schema:`, in any case).
    static func localName(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = name.count
        while start < end, isWhitespace(name[start]) { start += 1 }
        while end > start, isWhitespace(name[end - 1]) { end -= 1 }
        for prefix in prefixes where end - start >= prefix.count {
            var matches = true
            for (offset, byte) in prefix.enumerated() where lowercase(name[start + offset]) != byte {
                matches = false
                break
            }
            if matches {
                start += prefix.count
                break
            }
        }
        return UnsafeBufferPointer(rebasing: name[start..<end])
    }

    private static let prefixes: [[UInt8]] = ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/", "schema:"].map { Array($0.utf8) }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// The names, hashed once, on first use.
    private static let table = Table()

    /// An open-addressing hash table from the names' bytes to the terms.
    private struct Table: Sendable {
        /// Each slot holds a term's index + 1, or 0 when empty.
        private var slots: [UInt16]
        private let terms = SchemaTerm.allCases
        /// The names' bytes, one after another, and where each starts.
        private var names: [UInt8] = []
        private var starts: [Int] = [0]
        private let mask: Int

        init() {
            var size = 1
            while size < terms.count * 4 { size <<= 1 }
            slots = Array(repeating: 0, count: size)
            mask = size - 1
            for (index, term) in terms.enumerated() {
                let bytes = Array(term.rawValue.utf8)
                names += bytes
                starts.append(names.count)
                var slot = bytes.withUnsafeBufferPointer(Self.hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt16(index + 1)
            }
        }

        func term(_ name: UnsafeBufferPointer<UInt8>) -> SchemaTerm? {
            var slot = Self.hash(name) & mask
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let start = starts[entry - 1]
                let end = starts[entry]
                if end - start == name.count, names.withUnsafeBufferPointer({ names in
                    var offset = 0
                    while offset < name.count, names[start + offset] == name[offset] { offset += 1 }
                    return offset == name.count
                }) {
                    return terms[entry - 1]
                }
                slot = (slot + 1) & mask
            }
        }

        /// FNV-1a.
        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ hash >> 29)
        }
    }
}
