import Chrono

/// The details of a restaurant reservation (`INRestaurantReservation`).
public struct RestaurantTable: Sendable, Hashable, Codable {
    /// The restaurant.
    public var place: Place?
    /// When the table is booked for.
    public var startTime: DateTimeValue?
    /// When the table must be free again, if the restaurant says.
    public var endTime: DateTimeValue?
    /// How many people.
    public var partySize: Int?

    /// Creates restaurant details.
    public init(place: Place? = nil, startTime: DateTimeValue? = nil, endTime: DateTimeValue? = nil, partySize: Int? = nil) {
        self.place = place
        self.startTime = startTime
        self.endTime = endTime
        self.partySize = partySize
    }

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case place, startTime, endTime, partySize
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        startTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .startTime)
        endTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .endTime)
        partySize = try container.decodeCount(forKey: .partySize)
    }
}
