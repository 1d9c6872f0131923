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
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        if let status = ReservationStatus(rawValue: name) {
            self = status
        } else if name == "canceled" {  // the Intents framework's spelling
            self = .cancelled
        } else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown status \"\(name)\", expected one of \(names)")
        }
    }
}
