/// A first-level region of a country (a state, province, autonomous community, oblast) and the
/// zone most of its people keep.
public struct GazetteerRegion: Sendable, Hashable {
    /// The ISO 3166-1 alpha-2 code of its country.
    public let countryCode: String
    /// GeoNames' code of the region within its country (`OR`, `53`).
    public let code: String
    /// Its name in English, as GeoNames gives it (`Oregon`, `Canary Islands`).
    public let name: String
    /// Its ISO 3166-2 code (`US-OR`, `ES-CN`), when the gazetteer could match one.
    let isoCode: String?
    /// The zone kept by most of the people of its cities in the gazetteer.
    public let timeZone: String
    /// The share of those people, in percent, whose clocks are those of ``timeZone``: 100 when
    /// the region keeps one time (Oregon's 99: Ontario and its neighbours keep Mountain time).
    public let share: Int

    /// Creates a region.
    public init(countryCode: String, code: String, name: String, isoCode: String?, timeZone: String, share: Int) {
        self.countryCode = countryCode
        self.code = code
        self.name = name
        self.isoCode = isoCode
        self.timeZone = timeZone
        self.share = share
    }

    /// Whether every city of the region the gazetteer knows keeps the clocks of ``timeZone``.
    public var keepsOneTime: Bool { share >= 100 }
}
