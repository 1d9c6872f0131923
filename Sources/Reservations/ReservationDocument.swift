/// A native JSON file: an object with a `reservations` array.
///
/// ```json
/// { "reservations": [ { "type": "flight", ... }, { "type": "lodging", ... } ] }
/// ```
///
/// Fields this version does not know are ignored, so newer files still read. The JSON Schema
/// is in `docs/reservation-feed.schema.json`.
public struct ReservationDocument: Sendable, Hashable, Codable {
    /// The reservations, in file order.
    public var reservations: [Reservation]

    /// Creates a document.
    public init(reservations: [Reservation]) {
        self.reservations = reservations
    }
}
