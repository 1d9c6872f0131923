import Chrono
import Reservations

/// A reservation read from the input, with where it came from.
public struct ImportedReservation: Sendable, Hashable {
    /// The reservation.
    public var reservation: Reservation
    /// The file and JSON path it was read from, for messages about it.
    public var origin: SourceLocation
    /// Where some fields of the reservation are in the file, by their path within it
    /// (`departure.time`): the times and airport codes messages about a reservation concern.
    public var fieldPositions: [String: TextPosition]
    /// When the source was written, when the reservation does not say (``Reservations/Reservation/modifiedTime``):
    /// an e-mail's Date, else the file's modification time.
    public var sourceTime: Instant?

    /// Pairs a reservation with its origin.
    public init(
        reservation: Reservation, origin: SourceLocation, fieldPositions: [String: TextPosition] = [:], sourceTime: Instant? = nil
    ) {
        self.reservation = reservation
        self.origin = origin
        self.fieldPositions = fieldPositions
        self.sourceTime = sourceTime
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

    /// The location of a field of the reservation (`departure.time`): its own line and column when
    /// known, else the reservation's.
    public func location(of field: String) -> SourceLocation {
        origin.appending(path: field, position: fieldPositions[field])
    }

    /// The fields whose positions readers record: those messages about a reservation name.
    public static let locatedFields = [
        "itemReference", "startTime", "endTime", "checkInTime", "checkOutTime", "boardingTime", "departure.time",
        "arrival.time", "pickUp.time", "dropOff.time", "checkInAction.validFrom", "checkInAction.validUntil",
        "departure.airport.iataCode", "departure.airport.icaoCode", "arrival.airport.iataCode", "arrival.airport.icaoCode",
    ]
}
