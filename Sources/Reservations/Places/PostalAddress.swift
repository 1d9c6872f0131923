/// A postal address, as a person would write it on an envelope.
public struct PostalAddress: Sendable, Hashable, Codable {
    /// Street and number, possibly several lines separated by newlines.
    public var street: String?
    /// The city or town.
    public var city: String?
    /// The state, province or region.
    public var region: String?
    /// The postal code.
    public var postalCode: String?
    /// The country, as written (`Finland`, `USA`).
    public var country: String?
    /// The ISO 3166-1 alpha-2 country code (`FI`, `US`), which settles the country's time zones.
    public var countryCode: String?

    /// Creates an address.
    public init(
        street: String? = nil, city: String? = nil, region: String? = nil, postalCode: String? = nil,
        country: String? = nil, countryCode: String? = nil
    ) {
        self.street = street
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.countryCode = countryCode
    }

    /// Whether no part of the address is given.
    public var isEmpty: Bool {
        [street, city, region, postalCode, country, countryCode].allSatisfy { ($0 ?? "").isEmpty }
    }
}
