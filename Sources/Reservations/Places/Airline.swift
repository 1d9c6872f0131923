/// An airline, identified by its IATA or ICAO designator as `INAirline` is.
public struct Airline: Sendable, Hashable, Codable {
    /// The airline's name (`Finnair`).
    public var name: String?
    /// The two-character IATA designator (`AY`, `U2`).
    public var iataCode: String?
    /// The three-letter ICAO designator (`FIN`).
    public var icaoCode: String?

    /// Creates an airline.
    public init(name: String? = nil, iataCode: String? = nil, icaoCode: String? = nil) {
        self.name = name
        self.iataCode = iataCode
        self.icaoCode = icaoCode
    }

    private enum CodingKeys: String, CodingKey {
        case name, iataCode, icaoCode
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        iataCode = try container.decodeCode(.iataAirline, forKey: .iataCode)
        icaoCode = try container.decodeCode(.icaoAirline, forKey: .icaoCode)
    }
}
