/// A point for the `GEO` property, in decimal degrees (WGS 84).
public struct GeoCoordinate: Sendable, Hashable {
    /// Degrees north, -90 through 90.
    public var latitude: Double
    /// Degrees east, -180 through 180.
    public var longitude: Double

    /// Creates a point.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether this is a point on Earth: finite, latitude within ±90 and longitude within ±180.
    /// Others are neither written nor read.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
