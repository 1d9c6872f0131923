import Chrono

/// Where and when a rental car is picked up or dropped off.
public struct RentalHandover: Sendable, Hashable, Codable {
    /// The rental desk or car park.
    public var place: Place?
    /// When.
    public var time: DateTimeValue?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case place, time
    }

    /// Creates a pick-up or drop-off.
    public init(place: Place? = nil, time: DateTimeValue? = nil) {
        self.place = place
        self.time = time
    }
}
