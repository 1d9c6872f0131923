/// A place as Apple Calendar wants it for maps and travel time
/// (`X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=…;X-APPLE-RADIUS=…;X-TITLE=…:geo:lat,lon`).
public struct StructuredLocation: Sendable, Hashable {
    /// The place's name.
    public var title: String
    /// The postal address on one line.
    public var address: String?
    /// Where it is.
    public var coordinate: GeoCoordinate
    /// How far around the point counts as being there, in metres.
    public var radius: Double

    /// Creates a structured location.
    public init(title: String, address: String? = nil, coordinate: GeoCoordinate, radius: Double = 70) {
        self.title = title
        self.address = address
        self.coordinate = coordinate
        self.radius = radius
    }
}
