import Basics
import Geography
import TextFolding
import TimeZoneMap

/// Cities and regions by the names addresses give them, with the zones they keep: GeoNames'
/// cities of 15,000 people or more and capitals, and of 5,000 or more in the countries whose
/// clocks differ from place to place (48,107 cities), and every country's first-level regions (states, provinces)
/// by GeoNames' English name, their ISO 3166-2 code and name, and their codes as addresses write
/// them (`OR`, `NSW`). GeoNames' data is CC BY 4.0 (`LICENSE-GeoNames.txt`).
///
/// Like the airport table, the tables are compiled into the program as sorted text and searched
/// in place: nothing is read or indexed until a place is looked up, and a look-up is two binary
/// searches. Look-ups are safe from any thread.
///
/// ```swift
/// Gazetteer.match(city: "Portland", region: "ME", countryCode: "US")?.zone   // "America/New_York"
/// Gazetteer.cities(named: "München").first?.timeZone                      // "Europe/Berlin"
/// ```
public enum Gazetteer {
    /// Where the tables come from: GeoNames, through the packages that carry its data.
    public static let source = gazetteerSource

    /// The cities one of whose names is `name` (`Munich`, `München`, `ミュンヘン`; case, accents and
    /// spacing do not matter), in one country (ISO 3166-1 alpha-2 code) or, without one, in any;
    /// the most populous first.
    public static func cities(named name: String, inCountry countryCode: String? = nil) -> [GazetteerCity] {
        let name = key(name)
        guard !name.isEmpty else { return [] }
        if let countryCode {
            return cities(forKey: name + "|" + countryCode.uppercased())
        }
        return cities(forKey: name + "|")
    }

    /// The regions of a country that `text` names: by GeoNames' name (`Oregon`, `Bavaria`), by
    /// their ISO 3166-2 code, whole or its second part (`US-OR`, `OR`, `AU-NSW`, `NSW`), by ISO
    /// 3166-2's name (`Bayern`, `Canarias`), or by the name of a subdivision within them (Spain's
    /// province `Las Palmas`). A postal code after the region (`OR 97201`) is passed over.
    static func regions(named text: String, inCountry countryCode: String) -> [GazetteerRegion] {
        let country = countryCode.uppercased()
        var name = key(text).trimmingPunctuation()
        guard !name.isEmpty else { return [] }
        var codes = regionNames.fields(forKey: Array("\(country)|\(name)".utf8)).map { $0.count > 1 ? $0[1] : "" }
        if codes == nil, name.contains(where: \.isNumber) {
            name = name.split(separator: " ").filter { !$0.contains(where: \.isNumber) }.joined(separator: " ")
            codes = regionNames.fields(forKey: Array("\(country)|\(name)".utf8)).map { $0.count > 1 ? $0[1] : "" }
        }
        return (codes ?? "").split(separator: ",").compactMap { region(code: String($0), inCountry: country) }
    }

    /// The region of a country with GeoNames' code `code`.
    public static func region(code: String, inCountry countryCode: String) -> GazetteerRegion? {
        guard !code.isEmpty else { return nil }
        let country = countryCode.uppercased()
        guard let fields = regions.fields(forKey: Array("\(country).\(code)".utf8)), fields.count == 5, let share = Int(fields[4])
        else { return nil }
        return GazetteerRegion(
            countryCode: country, code: code, name: fields[1], isoCode: fields[2].isEmpty ? nil : fields[2], timeZone: fields[3],
            share: share)
    }

    /// What an address's city, region and country make of a place.
    ///
    /// The city's name is looked up in the country (in every country without one); a region given
    /// keeps the cities in it. A city written with its region (`Portland, OR`) is read as both.
    /// When the cities that remain keep different times, the match is ``GazetteerMatch/ambiguous(_:)``
    /// and the caller decides with what else it knows (never by population alone); when no city
    /// is known but the region is, ``GazetteerMatch/region(_:)``. `nil` when neither is known.
    public static func match(city: String?, region: String?, countryCode: String?) -> GazetteerMatch? {
        // Addresses repeat a few places: remember them, within bounds.
        let key = MatchKey(city: city, region: region, countryCode: countryCode)
        if let known = matches.withValue({ $0[key] }) { return known }
        let found = lookUp(city: city, region: region, countryCode: countryCode)
        matches.withValue { matches in
            if matches.count >= 4096 { matches.removeAll(keepingCapacity: true) }
            matches[key] = .some(found)
        }
        return found
    }

    /// Places looked up so far by this thread, with what the gazetteer made of them.
    private static let matches = PerThread<[MatchKey: GazetteerMatch?]> { [:] }

    private struct MatchKey: Hashable {
        var city: String?
        var region: String?
        var countryCode: String?
    }

    private static func lookUp(city: String?, region: String?, countryCode: String?) -> GazetteerMatch? {
        var region = region.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        var candidates = city.map { cities(named: $0, inCountry: countryCode) } ?? []
        var candidateName = city
        if candidates.isEmpty, let city, let comma = city.firstIndex(of: ",") {
            // `Portland, OR` or `Portland, Oregon 97201` in the city's field.
            let found = cities(named: String(city[..<comma]), inCountry: countryCode)
            if !found.isEmpty {
                candidates = found
                candidateName = String(city[..<comma])
                region = region ?? String(city[city.index(after: comma)...])
            }
        }
        var byRegion = false
        if let region {
            let countries = countryCode.map { [$0.uppercased()] } ?? Array(Set(candidates.map(\.countryCode))).sorted()
            let named = countries.flatMap { regions(named: region, inCountry: $0) }
            if !named.isEmpty {
                let inRegion = candidates.filter { city in named.contains { $0.countryCode == city.countryCode && $0.code == city.regionCode } }
                byRegion = inRegion.count < candidates.count
                if !inRegion.isEmpty {
                    candidates = inRegion
                } else if named.count == 1 {
                    return .region(named[0])
                }
            }
        }
        guard let first = candidates.first else { return nil }
        // One city a time kept: the most populous of each (candidates come most populous first),
        // or the most populous whose own name it is, so that a city that bears the name today
        // stands for its zone rather than one that bore it once.
        let asked = candidateName ?? ""
        var distinct: [GazetteerCity] = []
        for candidate in candidates {
            if let index = distinct.firstIndex(where: { CountryTimeZones.keepSameClocks($0.timeZone, candidate.timeZone) }) {
                if !distinct[index].isCalled(asked), candidate.isCalled(asked) { distinct[index] = candidate }
            } else {
                distinct.append(candidate)
            }
        }
        guard distinct.count == 1 else { return .ambiguous(distinct) }
        if candidates.count == 1 { return .city(first, byRegion ? .byRegion : .onlyOne) }
        return .city(first, .alike(count: candidates.count))
    }

    /// How many people live in the gazetteer's cities of each zone, by the zone GeoNames gives
    /// them (what tells the zone most people keep among zones alike). Read from the tables on
    /// each call, without placing each city on the map as ``allCities`` does.
    public static var peopleByZone: [String: Int] {
        people { _ in true }
    }

    /// The people of the cities whose country `accepting` accepts, by the zone GeoNames gives them.
    private static func people(inCountries accepting: (String) -> Bool) -> [String: Int] {
        var people: [String: Int] = [:]
        for fields in cityLines.allFields() where fields.count == 8 && accepting(fields[2]) {
            guard let zone = Int(fields[6]), zones.indices.contains(zone), let population = Int(fields[7]) else { continue }
            people[zones[zone], default: 0] += population
        }
        return people
    }

    /// How many people of a country live in the gazetteer's cities of each zone, by the zone
    /// GeoNames gives them: what tells the time most of a country keeps, where an address gives
    /// the country alone. Worked out once a country for each thread.
    public static func peopleByZone(inCountry countryCode: String) -> [String: Int] {
        let country = countryCode.uppercased()
        if let known = countryPeople.withValue({ $0[country] }) { return known }
        let people = people { $0 == country }
        countryPeople.withValue { $0[country] = people }
        return people
    }

    /// Countries' people by zone, worked out so far by this thread.
    private static let countryPeople = PerThread<[String: [String: Int]]> { [:] }

    /// Every name several cities of one country bear (by their own names or their other names),
    /// in the countries `accepting` accepts, with those cities, the most populous first: what
    /// tests of names cities share are found from.
    package static func sharedNames(inCountries accepting: (String) -> Bool) -> [(name: String, countryCode: String, cities: [GazetteerCity])] {
        names.allFields().compactMap { fields -> (name: String, countryCode: String, cities: [GazetteerCity])? in
            guard fields.count > 1, fields[1].contains(","), let bar = fields[0].lastIndex(of: "|") else { return nil }
            let countryCode = String(fields[0][fields[0].index(after: bar)...])
            guard accepting(countryCode) else { return nil }
            let cities = fields[1].split(separator: ",").compactMap { cityLines.fields(forKey: Array($0.utf8)).flatMap(city) }
                .sorted { ($0.population, $1.name) > ($1.population, $0.name) }
            return (String(fields[0][..<bar]), countryCode, cities)
        }
    }

    /// Every city of the gazetteer.
    static var allCities: [GazetteerCity] {
        cityLines.allFields().compactMap(city)
    }

    // MARK: - Tables

    private static let cityLines = SortedLines(gazetteerCities)
    private static let names = SortedLines(gazetteerNames)
    private static let regionNames = SortedLines(gazetteerRegionNames)
    private static let regions = SortedLines(gazetteerRegions)

    /// The zones cities keep, by line number: read on the first look-up.
    private static let zones: [String] = gazetteerZones.split(separator: "\n").map(String.init)

    /// Names looked up so far by this thread, with their cities.
    private static let cache = PerThread<[String: [GazetteerCity]]> { [:] }

    private static func cities(forKey key: String) -> [GazetteerCity] {
        if let known = cache.withValue({ $0[key] }) { return known }
        let lines = key.hasSuffix("|") ? names.fields(forKeysStartingWith: Array(key.utf8)) : names.fields(forKey: Array(key.utf8)).map { [$0] } ?? []
        let found = lines.flatMap { $0.count > 1 ? $0[1].split(separator: ",") : [] }
            .compactMap { cityLines.fields(forKey: Array($0.utf8)).flatMap(city) }
            .sorted { ($0.population, $1.name) > ($1.population, $0.name) }
        cache.withValue { cache in
            // Addresses repeat a few cities: remember them, within bounds.
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[key] = found
        }
        return found
    }

    /// How the tables write a name: no accents, lower case, spaces single and trimmed; the
    /// generator (`generate-gazetteer.py`) folds the same way.
    static func key(_ text: String) -> String {
        text.foldedForComparison.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A name's words as names are compared for whether a city bears one
    /// (``GazetteerCity/isCalled(_:)``): folded, apostrophes dropped (`Komsomol’sk`), `St.`,
    /// `Ste.`, `Ft.` and `Mt.` written out, the words that only say it is a city (`Ciudad`,
    /// `Heroica`, `Villa`) left out, and Russian's `-iy` written `-y` as GeoNames writes it
    /// elsewhere (`Volzhskiy`, `Volzhsky`).
    static func nameWords(_ text: String) -> [String] {
        let spelled = ["st": "saint", "ste": "sainte", "ft": "fort", "mt": "mount"]
        let generic: Set<String> = ["ciudad", "heroica", "villa"]
        let bare = key(text).filter { $0 != "'" && $0 != "’" && $0 != "ʼ" }
        return bare.split { !$0.isLetter && !$0.isNumber }.compactMap { part in
            var word = String(part)
            if let long = spelled[word] { word = long }
            if word.hasSuffix("iy") { word = String(word.dropLast(2)) + "y" }
            return generic.contains(word) ? nil : word
        }
    }

    private static func city(_ fields: [String]) -> GazetteerCity? {
        guard fields.count == 8, let latitude = Double(fields[4]), let longitude = Double(fields[5]), let zone = Int(fields[6]),
            zones.indices.contains(zone), let population = Int(fields[7])
        else { return nil }
        // The map decides where GeoNames and it differ, as it does for any place known by its
        // position: a hotel in Kashgar by name keeps the time it keeps by its coordinates.
        let geoNamesZone = zones[zone]
        let mapZone = ZoneMap.zone(latitude: latitude, longitude: longitude)
        return GazetteerCity(
            name: fields[1], countryCode: fields[2], regionCode: fields[3], regionName: region(code: fields[3], inCountry: fields[2])?.name ?? "",
            latitude: latitude, longitude: longitude, timeZone: mapZone ?? geoNamesZone, geoNamesTimeZone: geoNamesZone, population: population)
    }
}

extension String {
    /// Without the full stops, commas and spaces around it (`Ore.`, `, OR`).
    fileprivate func trimmingPunctuation() -> String {
        let isPunctuation = { (character: Character) in character == "." || character == "," || character == " " }
        guard let start = firstIndex(where: { !isPunctuation($0) }), let end = lastIndex(where: { !isPunctuation($0) }) else { return "" }
        return String(self[start...end])
    }
}
