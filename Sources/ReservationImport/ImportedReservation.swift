import Reservations

/// A reservation read from the input, with where it came from.
public struct ImportedReservation: Sendable, Hashable {
    /// The reservation.
    public var reservation: Reservation
    /// The file and JSON path it was read from, for messages about it.
    public var origin: SourceLocation

    /// Pairs a reservation with its origin.
    public init(reservation: Reservation, origin: SourceLocation) {
        self.reservation = reservation
        self.origin = origin
    }
}
