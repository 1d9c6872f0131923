import Chrono

/// One end of a train, bus or boat trip: the station, stop or terminal, the platform, and the time.
public struct TransitStop: Sendable, Hashable, Codable {
    /// The station, bus stop or ferry terminal.
    public var place: Place?
    /// The platform, track, bay or pier (`7`, `Bay 12`).
    public var platform: String?
    /// The scheduled time.
    public var time: DateTimeValue?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case place, platform, time
    }

    /// Creates one end of a trip.
    public init(place: Place? = nil, platform: String? = nil, time: DateTimeValue? = nil) {
        self.place = place
        self.platform = platform
        self.time = time
    }
}
