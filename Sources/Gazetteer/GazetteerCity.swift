/// A city of the gazetteer: where it is, which region and country it belongs to, how many people
/// live there, and the zone it keeps.
public struct GazetteerCity: Sendable, Hashable, CustomStringConvertible {
    /// The city's name as GeoNames gives it (`Munich`, `Las Palmas de Gran Canaria`).
    public let name: String
    /// The ISO 3166-1 alpha-2 code of its country.
    public let countryCode: String
    /// GeoNames' code of its first-level region within the country (`OR` in the United States,
    /// `53` for Spain's Canary Islands), empty when GeoNames gives none.
    let regionCode: String
    /// The name of that region (`Oregon`), empty when the gazetteer does not know it.
    public let regionName: String
    /// Degrees north.
    public let latitude: Double
    /// Degrees east.
    public let longitude: Double
    /// The IANA zone the city keeps: the zone its position falls in on the time-zone map, as for
    /// any place known by its coordinates, else (off the map's land) GeoNames' zone.
    public let timeZone: String
    /// The zone GeoNames gives the city. It is the map's for all but about 130 of the 34,000
    /// cities of 15,000 people or more; `ZoneMapAgreementTests` explains each difference.
    let geoNamesTimeZone: String
    /// How many people live there.
    public let population: Int

    /// Creates a city.
    public init(
        name: String, countryCode: String, regionCode: String, regionName: String = "", latitude: Double, longitude: Double,
        timeZone: String, geoNamesTimeZone: String? = nil, population: Int
    ) {
        self.name = name
        self.countryCode = countryCode
        self.regionCode = regionCode
        self.regionName = regionName
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.geoNamesTimeZone = geoNamesTimeZone ?? timeZone
        self.population = population
    }

    /// Whether the city bears `name` today: its own name as GeoNames gives it (`Kaliningrad` for
    /// Kaliningrad, not for Korolev, which bore it until 1996 and keeps it among its other names;
    /// not `Cologne` for Köln), or a shorter form of it (`Matamoros` for Heroica Matamoros,
    /// `Juárez` for Ciudad Juárez, `Patos` for Patos de Minas), or the same written otherwise
    /// (`Saint Louis` for St. Louis, `Volzhskiy` for Volzhsky). Case, accents and spacing do not
    /// matter.
    public func isCalled(_ name: String) -> Bool {
        let asked = Gazetteer.nameWords(name)
        let own = Gazetteer.nameWords(self.name)
        guard !asked.isEmpty, asked.count <= own.count else { return false }
        return (0...(own.count - asked.count)).contains { own[$0..<($0 + asked.count)].elementsEqual(asked) }
    }

    /// The city's region, when the gazetteer knows it.
    public var region: GazetteerRegion? {
        Gazetteer.region(code: regionCode, inCountry: countryCode)
    }

    /// The city as messages name it: `Portland, Maine`, or its name alone when its region is not known.
    public var description: String {
        guard !regionName.isEmpty, regionName != name else { return name }
        return "\(name), \(regionName)"
    }
}
