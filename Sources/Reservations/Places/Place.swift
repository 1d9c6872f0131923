/// Somewhere a person goes: a hotel, a restaurant, a venue, a station, a rental desk.
///
/// Give both the postal address and the coordinates when you have them; coordinates of (0, 0)
/// mean "unknown" (see ``Coordinates/isKnown``).
public struct Place: Sendable, Hashable, Codable {
    /// The name of the place (`Glo Hotel Sello`, `Berlin Hbf`).
    public var name: String?
    /// Its postal address.
    public var address: PostalAddress?
    /// Where it is on a map.
    public var coordinates: Coordinates?
    /// A telephone number, as given.
    public var phone: String?

    /// Creates a place.
    public init(name: String? = nil, address: PostalAddress? = nil, coordinates: Coordinates? = nil, phone: String? = nil) {
        self.name = name
        self.address = address
        self.coordinates = coordinates
        self.phone = phone
    }
}
