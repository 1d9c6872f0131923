/// Where a booking stands, as `INReservationStatus` and schema.org `ReservationStatusType` say.
public enum ReservationStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// The source did not say.
    case unknown
    /// The booking is confirmed (and, where that matters, paid).
    case confirmed
    /// The booking was requested but is not confirmed yet.
    case pending
    /// The place is held, for example until payment.
    case hold
    /// The booking was cancelled.
    case cancelled

    public init(from decoder: any Decoder) throws {
        // "canceled" is the Intents framework's spelling.
        try self.init(decodingNameFrom: decoder, noun: "status", aliases: ["canceled": .cancelled])
    }
}
