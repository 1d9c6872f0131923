/// A position on Earth in decimal degrees (WGS 84).
///
/// As in Apple's API, latitude and longitude both 0 mean "unknown": Siri then uses the postal
/// address only. ``isKnown`` tells the two apart.
public struct Coordinates: Sendable, Hashable, Codable {
    /// Degrees north of the equator, -90 through 90.
    public let latitude: Double
    /// Degrees east of Greenwich, -180 through 180.
    public let longitude: Double

    /// Creates coordinates, or returns `nil` when either value is out of range or not a number.
    public init?(latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// False for the (0, 0) that stands for "unknown".
    public var isKnown: Bool { !(latitude == 0 && longitude == 0) }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard (-90...90).contains(latitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: "expected a latitude from -90 to 90, found \(latitude)")
        }
        guard (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .longitude, in: container,
                debugDescription: "expected a longitude from -180 to 180, found \(longitude)")
        }
        self.latitude = latitude
        self.longitude = longitude
    }
}
