import Foundation

/// Which time zones a country keeps, and which country an address means, from the system's tz
/// database (`zone.tab`) and Foundation's country names.
///
/// This is the evidence for times that carry only a UTC offset, or nothing at all: a hotel in
/// Finland (one zone) at 15:00 is 15:00 in Europe/Helsinki; a restaurant in the United States at
/// 19:30-07:00 in June is in a zone of the country that is at -07:00 then, the one nearest the
/// restaurant when several are.
///
/// `zone.tab` is read rather than `zone1970.tab` because since 2022 the latter merges zones
/// across borders (Norway and Sweden appear as `Europe/Berlin`), and events in Bergen would then
/// be written in `Europe/Berlin`; `zone.tab` keeps each country's own name for the same rules.
public enum TimeZoneDirectory {
    /// A zone that keeps time in a country, with the position of its principal place.
    public struct Entry: Sendable, Hashable {
        /// The IANA zone name.
        public let zone: String
        /// Degrees north of the zone's principal place.
        public let latitude: Double
        /// Degrees east of the zone's principal place.
        public let longitude: Double
    }

    /// The zones a country keeps today, in the order the tz database lists them (the most
    /// populous region first); empty for an unknown country.
    ///
    /// - Parameter code: An ISO 3166-1 alpha-2 code, in any case.
    public static func zones(inCountry code: String) -> [Entry] {
        countries[code.uppercased()] ?? []
    }

    /// The ISO 3166-1 alpha-2 code of a country as addresses write it: its code (`fi`), its name
    /// in English, French, German, Spanish or Japanese (`Finland`, `Finlande`, `フィンランド`), or
    /// a common abbreviation (`USA`, `UK`). Case and accents do not matter.
    public static func countryCode(for text: String) -> String? {
        let key = normalized(text)
        guard !key.isEmpty else { return nil }
        if key.count == 2, countries[key.uppercased()] != nil { return key.uppercased() }
        return countryNames[key]
    }

    /// The zone of a country that was at `offset` at `instant`, or `nil` when none was.
    ///
    /// When several were (the United States at -07:00 in June: Los Angeles and Phoenix), the
    /// preferred zone wins if it is one of them (the zone of the place's city, say), else the one
    /// whose principal place is nearest `coordinates`, else the first the tz database lists.
    public static func zone(
        inCountry code: String, agreeingWith offset: UTCOffset, at instant: Instant,
        near coordinates: (latitude: Double, longitude: Double)? = nil, preferring preferred: String? = nil
    ) -> String? {
        let candidates = zones(inCountry: code).filter { TimeZoneRules.offset(in: $0.zone, at: instant) == offset }
        if let preferred, candidates.contains(where: { $0.zone == preferred }) { return preferred }
        guard let coordinates, candidates.count > 1 else { return candidates.first?.zone }
        return candidates.min { distance($0, coordinates) < distance($1, coordinates) }?.zone
    }

    /// The zone of a country whose principal place is nearest a position.
    public static func nearestZone(inCountry code: String, to coordinates: (latitude: Double, longitude: Double)) -> String? {
        zones(inCountry: code).min { distance($0, coordinates) < distance($1, coordinates) }?.zone
    }

    /// The zone of a country that keeps one zone only, such as Finland; `nil` otherwise.
    public static func onlyZone(ofCountry code: String) -> String? {
        let entries = zones(inCountry: code)
        return entries.count == 1 ? entries[0].zone : nil
    }

    // MARK: - Data

    private static let countries: [String: [Entry]] = {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        var byCountry: [String: [Entry]] = [:]
        for file in ["zone.tab", "zone1970.tab"] {
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 3, let (latitude, longitude) = iso6709(fields[1]),
                    TimeZoneRules.isKnown(String(fields[2]))
                else { continue }
                for country in fields[0].split(separator: ",") {
                    byCountry[String(country), default: []].append(
                        Entry(zone: String(fields[2]), latitude: latitude, longitude: longitude))
                }
            }
            if !byCountry.isEmpty { break }  // zone.tab when present, else zone1970.tab
        }
        return byCountry
    }()

    private static let countryNames: [String: String] = {
        var names: [String: String] = [:]
        let codes = countries.keys.sorted()
        for language in ["en", "fr", "de", "es", "ja"] {
            let locale = Locale(identifier: language)
            for code in codes {
                if let name = locale.localizedString(forRegionCode: code) { names[normalized(name)] = code }
            }
        }
        for (alias, code) in ["usa": "US", "u.s.a.": "US", "u.s.": "US", "united states of america": "US", "uk": "GB",
            "u.k.": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB", "uae": "AE",
            "holland": "NL", "czech republic": "CZ", "south korea": "KR", "korea": "KR", "russia": "RU",
        ] {
            names[alias] = code
        }
        return names
    }()

    private static func normalized(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Reads ISO 6709 coordinates as the tz database writes them: `+6010+02458`, `+404251-0740023`.
    private static func iso6709(_ text: Substring) -> (Double, Double)? {
        guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        func degrees(_ part: Substring, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
            let digits = Array(part.dropFirst())
            guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4, digits.allSatisfy(\.isNumber)
            else { return nil }
            func number(_ range: Range<Int>) -> Double { Double(String(digits[range]))! }
            var value = number(0..<degreeDigits) + number(degreeDigits..<(degreeDigits + 2)) / 60
            if digits.count == degreeDigits + 4 { value += number((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
            return sign == "-" ? -value : value
        }
        guard let latitude = degrees(text[..<split], degreeDigits: 2), let longitude = degrees(text[split...], degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }

    private static func distance(_ entry: Entry, _ point: (latitude: Double, longitude: Double)) -> Double {
        // Comparing distances only, so an equirectangular approximation is enough.
        let x = (entry.longitude - point.longitude) * cos((entry.latitude + point.latitude) / 2 * .pi / 180)
        let y = entry.latitude - point.latitude
        return x * x + y * y
    }
}
