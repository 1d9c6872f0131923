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

    /// Pairs a reservation with its origin.
    public init(reservation: Reservation, origin: SourceLocation, fieldPositions: [String: TextPosition] = [:]) {
        self.reservation = reservation
        self.origin = origin
        self.fieldPositions = fieldPositions
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
