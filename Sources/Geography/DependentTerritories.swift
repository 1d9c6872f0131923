import Chrono

/// Places with a country code and zones of their own that addresses often give under the country
/// they belong to: Réunion as `France`, the Faroes as `Denmark`, Puerto Rico as `US`, Curaçao as
/// `Netherlands`, Gibraltar as `United Kingdom`. `zone.tab` lists their zones under their own
/// codes, so the country's zones alone would say such a place cannot keep them.
///
/// From ISO 3166-1's territories and the countries they belong to (facts, not an outside
/// table's text).
public enum DependentTerritories {
    /// The territories of each country, by ISO 3166-1 alpha-2 code.
    public static let ofCountry: [String: [String]] = [
        "FR": ["RE", "GP", "MQ", "GF", "YT", "PM", "BL", "MF", "PF", "NC", "WF", "TF"],
        "NL": ["AW", "CW", "SX", "BQ"],
        "DK": ["FO", "GL"],
        "GB": ["GI", "IM", "JE", "GG", "BM", "KY", "VG", "TC", "MS", "AI", "FK", "GS", "SH", "PN", "IO"],
        "US": ["PR", "GU", "VI", "AS", "MP", "UM"],
        "NO": ["SJ", "BV"],
        "AU": ["CX", "CC", "NF", "HM"],
        "NZ": ["CK", "NU", "TK"],
        "FI": ["AX"],
        "CN": ["HK", "MO"],
    ]

    /// The zone of one of a country's territories that is at `offset` at `instant` (the Faroes'
    /// at +01:00 in June, for `DK`), when there is one.
    public static func zone(keeping offset: UTCOffset, at instant: Instant, territoriesOf countryCode: String) -> String? {
        for territory in ofCountry[countryCode.uppercased()] ?? [] {
            if let entry = CountryTimeZones.zones(inCountry: territory).first(where: { TimeZoneRules.offset(in: $0.zone, at: instant) == offset }) {
                return entry.zone
            }
        }
        return nil
    }

    /// Whether a zone is kept in one of the territories of a country (Indian/Reunion for `FR`).
    public static func keep(_ zone: String, territoriesOf countryCode: String) -> Bool {
        (ofCountry[countryCode.uppercased()] ?? []).contains { territory in
            CountryTimeZones.zones(inCountry: territory).contains { $0.zone == zone }
        }
    }
}
