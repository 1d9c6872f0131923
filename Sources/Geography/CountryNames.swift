import Basics
import Foundation
import TextFolding

/// Which country an address means: its ISO 3166-1 alpha-2 code, from the code itself, the
/// country's name in the languages the package speaks (Foundation's names), or a common
/// abbreviation.
public enum CountryNames {
    /// The ISO 3166-1 alpha-2 code of a country as addresses write it: its code (`fi`), its name
    /// in English, French, German, Spanish or Japanese (`Finland`, `Finlande`, `フィンランド`), its
    /// own name in its own languages (`Suomi`, `Italia`, `Россия`), or a common abbreviation
    /// (`USA`, `UK`). Case and accents do not matter.
    public static func code(for text: String) -> String? {
        // The usual case: the code itself, two ASCII letters.
        if let code = text.withUTF8Bytes(Self.twoLetterCode), CountryTimeZones.countries[code] != nil { return code }
        let key = normalized(text)
        guard !key.isEmpty else { return nil }
        if key.utf8.count == 2, CountryTimeZones.countries[key.uppercased()] != nil { return key.uppercased() }
        if let code = aliases[key] { return code }
        // Languages are indexed one at a time, and only when a name is not found in the others.
        for names in countryNames {
            if let code = names.value[key] { return code }
        }
        return localNames.value[key]
    }

    /// Each country's names in its own languages (GeoNames' countryInfo), read from Foundation the
    /// first time a name is not found in the package's languages.
    private static let localNames = LazyCountryNames { code in
        (countryLanguages[code] ?? []).compactMap { Locale(identifier: $0).localizedString(forRegionCode: code) }
    }

    /// Country names in each language, by normalised name.
    private static let countryNames: [LazyCountryNames] = ["en", "fr", "de", "es", "ja"].map { language in
        LazyCountryNames { code in Locale(identifier: language).localizedString(forRegionCode: code).map { [$0] } ?? [] }
    }

    /// Names addresses use that are not a country's name in any of the languages.
    private static let aliases = [
        "usa": "US", "u.s.a.": "US", "u.s.": "US", "united states of america": "US", "uk": "GB", "u.k.": "GB",
        "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB", "uae": "AE", "holland": "NL",
        "czech republic": "CZ", "south korea": "KR", "korea": "KR", "russia": "RU",
        // Names CLDR has since changed or never had, which addresses still write.
        "china": "CN", "people's republic of china": "CN", "turkey": "TR", "the netherlands": "NL", "netherlands": "NL",
        "russian federation": "RU", "ivory coast": "CI", "republic of ireland": "IE", "northern ireland": "GB",
        "macedonia": "MK", "north macedonia": "MK", "palestine": "PS", "burma": "MM", "swaziland": "SZ", "cape verde": "CV",
        "east timor": "TL", "vatican city": "VA", "north korea": "KP", "taiwan": "TW", "hong kong": "HK", "macau": "MO",
        "macao": "MO", "czechia": "CZ", "the bahamas": "BS", "the gambia": "GM", "vietnam": "VN", "laos": "LA",
    ]

    /// Country names by normalised name, made the first time they are needed.
    private final class LazyCountryNames: Sendable {
        private let namesOfCountry: @Sendable (String) -> [String]
        private let names = Locked<[String: String]?>(nil)

        /// - Parameter namesOfCountry: The names of the country with a code.
        init(_ namesOfCountry: @escaping @Sendable (String) -> [String]) { self.namesOfCountry = namesOfCountry }

        var value: [String: String] {
            names.withLock { names in
                if let names { return names }
                var built: [String: String] = [:]
                for code in CountryTimeZones.countries.keys.sorted() {
                    for name in namesOfCountry(code) where built[normalized(name)] == nil { built[normalized(name)] = code }
                }
                names = built
                return built
            }
        }
    }

    /// Two ASCII letters, in upper case, or `nil`.
    package static func twoLetterCode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count == 2 else { return nil }
        var code: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): code.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): code.append(byte - 32)
            default: return nil
            }
        }
        return String(decoding: code, as: UTF8.self)
    }

    /// Lower case, without accents or surrounding white space; plain ASCII takes a short cut.
    private static func normalized(_ text: String) -> String {
        let bytes = text.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
            guard let first = lowered.firstIndex(where: { !Self.isSpace($0) }),
                let last = lowered.lastIndex(where: { !Self.isSpace($0) })
            else { return "" }
            return String(decoding: lowered[first...last], as: UTF8.self)
        }
        return folded(text)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func folded(_ text: String) -> String {
        text.foldedForComparison.trimmingWhitespace()
    }
}
