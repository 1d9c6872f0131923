import Basics
import Chrono
import Foundation
import TextFolding

/// Looks airports up by IATA or ICAO code in a table of 7,884 airports with their coordinates and
/// time zones, made from the airportsdata package (MIT licence; see `LICENSE-airportsdata.txt`).
///
/// The table is compiled into the program as text, sorted, and searched in place: nothing is
/// loaded or indexed up front, so a run that meets one airport pays for one binary search.
/// Look-ups are safe from any thread.
///
/// ```swift
/// AirportDirectory.airport(iata: "HEL")?.timeZone   // "Europe/Helsinki"
/// ```
public enum AirportDirectory {
    /// The airportsdata release the table comes from.
    public static let dataVersion = airportTableVersion

    /// The airport with this IATA code (any case), or `nil`.
    public static func airport(iata code: String) -> AirportRecord? {
        let code = Array(code.uppercased().utf8)
        guard code.count == 3 else { return nil }
        return airports.fields(forKey: code).flatMap(record)
    }

    /// The airport with this ICAO code (any case), or `nil`.
    public static func airport(icao code: String) -> AirportRecord? {
        guard let iata = icaoToIATA[code.uppercased()] else { return nil }
        return airport(iata: iata)
    }

    /// The zone of a city that has an airport in the table (`San Francisco`, `US` gives
    /// `America/Los_Angeles`), or `nil`. Case and accents do not matter.
    public static func timeZone(ofCity city: String, countryCode: String) -> String? {
        let key = cityKey(city, countryCode)
        if let known = cityCache.withValue({ $0[key] }) { return known }
        let zone = cities.fields(forKey: Array(key.utf8)).map { $0[1] }
        cityCache.withValue { cache in
            // Addresses repeat a few cities: remember them, within bounds.
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[key] = .some(zone)
        }
        return zone
    }

    /// The zone of a city named without its country (`Bergen`), when every country the table
    /// knows such a city in puts it in the same zone; `nil` when none does or they disagree.
    public static func timeZone(ofCity city: String) -> String? {
        let prefix = Array(cityKey(city, "").utf8)
        guard prefix.count > 1 else { return nil }
        let zones = Set(cities.fields(forKeysStartingWith: prefix).compactMap { $0.count > 1 ? $0[1] : nil })
        return zones.count == 1 ? zones.first : nil
    }

    /// What the table makes of an airport known by name only (`Heathrow`, `Frankfurt Airport`),
    /// with the city and country when the markup gives them: the airport when exactly one fits,
    /// else its zone when every airport that fits keeps the same one, else `nil`.
    ///
    /// Words such as "Airport", "International", "Flughafen" or "Aéroport" are left out of the
    /// comparison; case and accents do not matter.
    public static func match(name: String?, city: String?, countryCode: String?) -> AirportMatch? {
        if let name, name.count == 3, name.allSatisfy({ $0.isASCII && $0.isUppercase }), let record = airport(iata: name) {
            return .airport(record)
        }
        let index = nameIndex
        var words = NameIndex.words(name ?? "")
        let cityWords = NameIndex.words(city ?? "")
        if words.isEmpty { words = cityWords }
        guard let rarest = words.min(by: { (index.postings[$0]?.count ?? 0) < (index.postings[$1]?.count ?? 0) }),
            var candidates = index.postings[rarest]
        else { return nil }
        for word in words where word != rarest {
            let postings = Set(index.postings[word] ?? [])
            candidates = candidates.filter(postings.contains)
        }
        let country = countryCode?.uppercased()
        let fitting = candidates.map { index.records[$0] }.filter { record in
            (country == nil || record.countryCode == country)
                && (cityWords.isEmpty || cityWords.isSubset(of: NameIndex.words(record.city + " " + record.name)))
        }
        if fitting.count == 1 { return .airport(fitting[0]) }
        let zones = Set(fitting.map(\.timeZone))
        return zones.count == 1 ? .zone(zones.first!) : nil
    }

    /// Every airport with the words of its name and city, built on the first look-up by name.
    private static let nameIndexStorage = Locked<NameIndex?>(nil)

    private static var nameIndex: NameIndex {
        nameIndexStorage.withLock { stored in
            if let stored { return stored }
            let built = NameIndex(all)
            stored = built
            return built
        }
    }

    /// Cities looked up so far by this thread, with their zone or the knowledge that there is none.
    private static let cityCache = PerThread<[String: String?]> { [:] }

    /// Every airport in the table, in IATA order.
    public static var all: [AirportRecord] {
        airports.allFields().compactMap(record)
    }

    // MARK: - Tables

    private static let airports = SortedLines(airportTable)
    private static let cities = SortedLines(cityZoneTable)

    /// Built on the first ICAO look-up only.
    private static let icaoToIATA: [String: String] = {
        var byCode: [String: String] = [:]
        for fields in airports.allFields() where fields.count > 1 && !fields[1].isEmpty {
            byCode[fields[1]] = fields[0]
        }
        return byCode
    }()

    /// `san francisco|US`: no accents, lower case (``Swift/String/foldedForComparison``), trimmed; `generate-airport-table.py` makes the table's keys the same way.
    static func cityKey(_ city: String, _ country: String) -> String {
        if city.isASCII, country.isASCII {
            // ASCII: lower case and trim byte by byte.
            let bytes = Array(city.utf8)
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
            let end = (bytes.lastIndex { !isSpace($0) } ?? -1) + 1
            var key = start < end ? bytes[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 } : []
            key.append(UInt8(ascii: "|"))
            key += country.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 }
            return String(decoding: key, as: UTF8.self)
        }
        return city.foldedForComparison.trimmingWhitespace() + "|" + country.uppercased()
    }

    private static func record(_ fields: [String]) -> AirportRecord? {
        guard fields.count == 8, let latitude = Double(fields[5]), let longitude = Double(fields[6]) else { return nil }
        return AirportRecord(
            iataCode: fields[0], icaoCode: fields[1].isEmpty ? nil : fields[1], name: fields[2], city: fields[3],
            countryCode: fields[4], latitude: latitude, longitude: longitude, timeZone: fields[7])
    }
}
