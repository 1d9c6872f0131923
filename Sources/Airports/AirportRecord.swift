import Geography

/// What the airport table knows about one airport.
public struct AirportRecord: Sendable, Hashable {
    /// The three-letter IATA code (`SFO`).
    public let iataCode: String
    /// The four-character ICAO code (`KSFO`), where there is one.
    public let icaoCode: String?
    /// The airport's name (`San Francisco International Airport`).
    public let name: String
    /// The city it serves.
    public let city: String
    /// The ISO 3166-1 alpha-2 code of its country (`US`).
    public let countryCode: String
    /// Degrees north.
    public let latitude: Double
    /// Degrees east.
    public let longitude: Double
    /// The IANA time zone its clocks keep (`America/Los_Angeles`).
    public let timeZone: String

    /// The great-circle distance to another airport, in kilometres.
    public func distance(to other: AirportRecord) -> Double {
        GreatCircle.kilometres(latitude, longitude, other.latitude, other.longitude)
    }
}
