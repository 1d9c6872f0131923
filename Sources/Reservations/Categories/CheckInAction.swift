import Chrono

/// Online check-in: when it opens and closes, and where to do it (`INReservationAction` of type
/// check-in, with its valid duration and the web page of its user activity).
public struct CheckInAction: Sendable, Hashable, Codable {
    /// When check-in opens, typically 24 hours before departure.
    public var validFrom: DateTimeValue?
    /// When check-in closes.
    public var validUntil: DateTimeValue?
    /// The web page where check-in happens.
    public var url: String?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case validFrom, validUntil, url
    }

    /// Creates a check-in action.
    public init(validFrom: DateTimeValue? = nil, validUntil: DateTimeValue? = nil, url: String? = nil) {
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.url = url
    }
}
