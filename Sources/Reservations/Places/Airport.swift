/// An airport, identified by its IATA or ICAO code as `INAirport` is.
///
/// The code is enough to find the airport's place and time zone; a name, an address and
/// coordinates may be given too.
public struct Airport: Sendable, Hashable, Codable {
    /// The airport's name (`San Francisco International`).
    public var name: String?
    /// The three-letter IATA code (`SFO`).
    public var iataCode: String?
    /// The four-character ICAO code (`KSFO`).
    public var icaoCode: String?
    /// Its postal address.
    public var address: PostalAddress?
    /// Where it is on a map.
    public var coordinates: Coordinates?

    /// Creates an airport.
    public init(
        name: String? = nil, iataCode: String? = nil, icaoCode: String? = nil, address: PostalAddress? = nil,
        coordinates: Coordinates? = nil
    ) {
        self.name = name
        self.iataCode = iataCode
        self.icaoCode = icaoCode
        self.address = address
        self.coordinates = coordinates
    }

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case name, iataCode, icaoCode, address, coordinates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        iataCode = try container.decodeCode(.iataAirport, forKey: .iataCode)
        icaoCode = try container.decodeCode(.icaoAirport, forKey: .icaoCode)
        address = try container.decodeIfPresent(PostalAddress.self, forKey: .address)
        coordinates = try container.decodeIfPresent(Coordinates.self, forKey: .coordinates)
    }
}
