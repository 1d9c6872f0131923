import Chrono
import Diagnostics

/// A reservation as a reader found it: the reservation, where it came from, and where its fields
/// are, for messages about it.
///
/// Readers make these; a program that builds ``Reservation`` values in code gives those to the
/// feed builder as they are, with no origin to invent.
public struct ImportedReservation: Sendable, Hashable {
    /// The reservation.
    public var reservation: Reservation
    /// Where it was read from: the input and the place in it; `nil` for a reservation built in code.
    public var origin: Origin?
    /// Where some fields of the reservation are in the input (the times and airport codes
    /// messages about a reservation concern; see ``locatedFields``).
    public var fieldPositions: [FieldPath: TextPosition]
    /// When the source was written, when the reservation does not say (``Reservation/modifiedTime``):
    /// for an e-mail, its Date when its signature covers it (else when a trusted server took it in,
    /// else unknown: a date anyone may have changed decides nothing); else the file's
    /// modification time.
    public var sourceTime: Instant?
    /// The ISO 3166-1 alpha-2 code of the country the e-mail's sender's domain names (`.at`),
    /// when the reservation came in an e-mail from a country's domain: evidence for a place
    /// whose name is that of cities in several countries.
    public var senderCountry: String?
    /// The other reservations of the same document, when it holds a few (an itinerary's flight
    /// beside its hotel): evidence for a place whose name is that of cities in several zones.
    public var companions: [Reservation]
    /// For a reservation read from an e-mail whose sender was verified and believed: the sender
    /// (`united.com`, a known booking sender). `nil` for other inputs, which are the person's own.
    public var sender: BookingSender?
    /// The organization whose mail made the booking (`united.com`), as far as is known: the
    /// previous feed's record of it, else the sender of its oldest source in this run; `nil` for
    /// a booking the person's own inputs made. Set when bookings are merged; the feed remembers it.
    public var bookedBy: String?

    /// Pairs a reservation with its origin.
    public init(
        reservation: Reservation, origin: Origin?, fieldPositions: [FieldPath: TextPosition] = [:], sourceTime: Instant? = nil,
        senderCountry: String? = nil, companions: [Reservation] = [], sender: BookingSender? = nil, bookedBy: String? = nil
    ) {
        self.reservation = reservation
        self.origin = origin
        self.fieldPositions = fieldPositions
        self.sourceTime = sourceTime
        self.senderCountry = senderCountry
        self.companions = companions
        self.sender = sender
        self.bookedBy = bookedBy
    }

    /// When this information was last changed, as well as it is known: the reservation's
    /// modification time when it names a moment, else the source's time.
    public var modified: Instant? {
        if case .dateTime(let local, let zone, let offset) = reservation.modifiedTime {
            if let offset { return local.instant(at: offset) }
            if let zone, let instant = TimeZoneRules.instant(of: local, in: zone) { return instant }
        }
        return sourceTime
    }

    /// The origin of one of the reservation's fields: the field's own line and column when
    /// known, else the reservation's; the reservation's origin for `nil`, and `nil` when the
    /// reservation has none.
    public func origin(of field: FieldPath?) -> Origin? {
        guard let field else { return origin }
        return origin?.appending(field, position: fieldPositions[field])
    }

    /// A diagnostic about the reservation (or the field it names), found where the reservation was.
    public func locate(_ diagnostic: Diagnostic) -> Diagnostic {
        diagnostic.found(at: origin(of: diagnostic.field))
    }

    /// The fields whose line and column readers record, because messages about a reservation
    /// name them: its times, its item reference and its airport codes.
    public static let locatedFields: [FieldPath] = [
        .itemReference, .startTime, .endTime, .checkInTime, .checkOutTime, .boardingTime, .departureTime, .arrivalTime, .pickUpTime,
        .dropOffTime, .checkInOpens, .checkInCloses, .departureAirportIATACode, .departureAirportICAOCode, .arrivalAirportIATACode,
        .arrivalAirportICAOCode,
    ]
}
