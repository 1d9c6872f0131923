import Basics
import Geography

/// A place written as one text (a calendar file's `LOCATION`, an address given as a line), read
/// as people write addresses: from the end, the country, then the region, then the city, then
/// the street and the venue.
///
/// Only a part that is a city's name as a whole, in its place in the address, is the city:
/// `Olympia Terminal, Olympiaranta 1, Helsinki, Finland` is Helsinki, and a venue or a street
/// named after another city (`Madison Square Garden`, `Paris Las Vegas`, `Berlin Street`) is
/// not that city. A postal code beside the city or the region (`00100 Helsinki`,
/// `NY 10001`) is passed over. Two letters at the end are a region where the city before them
/// is in such a region (`Los Angeles, CA`), else a country (`Berlin, DE`).
///
/// ```swift
/// WrittenAddress.read("Madison Square Garden, 4 Pennsylvania Plaza, New York, NY")?.city   // "New York"
/// WrittenAddress.read("Sydney Street, London, UK")?.countryCode                           // "GB"
/// ```
///
/// What it finds is the text's word, not the place's position: evidence of the weakest kind,
/// which never outweighs a zone the source stated.
public struct WrittenAddress: Sendable, Hashable {
    /// The part read as the city (`New York`), without a postal code.
    public var city: String?
    /// The part read as the region (`NY`), when the city is followed by one.
    public var region: String?
    /// The ISO 3166-1 alpha-2 code of the country the text ends with, when it does.
    public var countryCode: String?
    /// Parts before the city that are themselves the names of cities (`Kensington` in
    /// `Kensington, London, UK`): the city in its place in the address was taken over them.
    public var otherCities: [String]

    /// Creates a reading.
    public init(city: String? = nil, region: String? = nil, countryCode: String? = nil, otherCities: [String] = []) {
        self.city = city
        self.region = region
        self.countryCode = countryCode
        self.otherCities = otherCities
    }

    /// The most parts of a text that are read, from its end, and the longest part looked up.
    static let partLimit = 12
    static let partLength = 120

    /// What `text` says of where the place is; `nil` when it names no city, region or country
    /// in the places an address gives them.
    public static func read(_ text: String) -> WrittenAddress? {
        // Only texts of a place's length are remembered: a field may be 64 KB.
        guard text.utf8.count <= 1024 else { return reading(text) }
        if let known = readings.withValue({ $0[text] }) { return known }
        let found = reading(text)
        readings.withValue { readings in
            // Calendars repeat a few places: remember them, within bounds.
            if readings.count >= 1024 { readings.removeAll(keepingCapacity: true) }
            readings[text] = .some(found)
        }
        return found
    }

    /// Texts read so far by this thread.
    private static let readings = PerThread<[String: WrittenAddress?]> { [:] }

    private static func reading(_ text: String) -> WrittenAddress? {
        var parts = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\n" || $0 == "\r" })
            .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        parts = Array(parts.suffix(partLimit))
        // Postal codes on a line of their own (`Helsinki, 00100, Finland`) say nothing here.
        if parts.count > 1 { parts = [parts[0]] + parts.dropFirst().filter { !isPostalCode($0) } }
        guard let last = parts.last, last.utf8.count <= partLength else { return nil }

        let isTwoLetters = last.count == 2 && last.allSatisfy { $0.isASCII && $0.isLetter }
        let country = isTwoLetters ? nil : CountryNames.code(for: last)
        if let country {
            // `…, Helsinki, Finland`.
            if var found = locate(parts.dropLast(), countryCode: country) {
                found.countryCode = country
                return found
            }
            // A last part that names a country and also a region of the city before it
            // (`Atlanta, Georgia`) is that region.
            if parts.count >= 2, let city = locality(parts[parts.count - 2]), isCity(city, inRegion: last, countryCode: nil) {
                return WrittenAddress(city: city, region: last, otherCities: cities(in: parts.dropLast(2), countryCode: nil))
            }
            // A large city named like a country, with nothing of that country before it
            // (`Alhambra, Granada`: Granada, not Grenada, whose name it is in Spanish).
            if let large = Gazetteer.cities(named: last).first(where: { $0.population >= 100_000 }), parts.count >= 2 {
                return WrittenAddress(city: last, countryCode: large.countryCode == country ? country : nil)
            }
            return WrittenAddress(countryCode: country)
        }
        // `…, Los Angeles, CA` (a state) before `…, Berlin, DE` (a country).
        if let found = locate(parts[...], countryCode: nil) { return found }
        if isTwoLetters, let code = CountryNames.code(for: last) {
            var found = locate(parts.dropLast(), countryCode: code) ?? WrittenAddress()
            found.countryCode = code
            return found
        }
        return nil
    }

    /// The city and region among `parts` (the country left out): the last part, or the one
    /// before it when the last is the region of a city of that name.
    private static func locate(_ parts: ArraySlice<String>, countryCode: String?) -> WrittenAddress? {
        guard let last = parts.indices.last else { return nil }
        if parts.count >= 2, let city = locality(parts[last - 1]), let region = regionText(parts[last]),
            isCity(city, inRegion: region, countryCode: countryCode)
        {
            return WrittenAddress(city: city, region: region, countryCode: countryCode, otherCities: cities(in: parts[..<(last - 1)], countryCode: countryCode))
        }
        if let (city, region) = cityInPart(parts[last], countryCode: countryCode) {
            return WrittenAddress(city: city, region: region, countryCode: countryCode, otherCities: cities(in: parts[..<last], countryCode: countryCode))
        }
        if parts.count >= 2, let countryCode, let region = regionText(parts[last]),
            !Gazetteer.regions(named: region, inCountry: countryCode).isEmpty
        {
            // `…, Bavaria, Germany`: a region the gazetteer knows, with no city it knows.
            return WrittenAddress(region: region, countryCode: countryCode)
        }
        return nil
    }

    /// The city one part names: the whole part (`Helsinki`, `00100 Helsinki`), or a city
    /// followed by its region (`Sydney NSW 2000`, `New York NY 10001`) or by a province's code
    /// (`Milano MI`).
    private static func cityInPart(_ part: String, countryCode: String?) -> (city: String, region: String?)? {
        guard let name = locality(part) else { return nil }
        if !Gazetteer.cities(named: name, inCountry: countryCode).isEmpty { return (name, nil) }
        let words = name.split(separator: " ")
        for count in [1, 2] where words.count > count {
            let city = words.dropLast(count).joined(separator: " ")
            let region = words.suffix(count).joined(separator: " ")
            if isCity(city, inRegion: region, countryCode: countryCode) { return (city, region) }
        }
        if words.count > 1, let code = words.last, (2...3).contains(code.count), code.allSatisfy({ $0.isUppercase }) {
            let city = words.dropLast().joined(separator: " ")
            if !Gazetteer.cities(named: city, inCountry: countryCode).isEmpty { return (city, nil) }
        }
        return nil
    }

    /// Whether a city of that name is in a region so named, in the country given or any.
    private static func isCity(_ city: String, inRegion region: String, countryCode: String?) -> Bool {
        let cities = Gazetteer.cities(named: city, inCountry: countryCode)
        return cities.contains { city in
            Gazetteer.regions(named: region, inCountry: city.countryCode).contains { $0.code == city.regionCode }
        }
    }

    /// The parts that are a city's whole name, in the country given.
    private static func cities(in parts: ArraySlice<String>, countryCode: String?) -> [String] {
        parts.compactMap { part in
            guard let name = locality(part), !Gazetteer.cities(named: name, inCountry: countryCode).isEmpty else { return nil }
            return name
        }
    }

    /// A part as a city's name: without a postal code before or after it (`00100 Helsinki`,
    /// `1012 AB Amsterdam`, `London SW1A 1AA`); `nil` when nothing else is left, or when digits
    /// stand among the words (a street: `4 Pennsylvania Plaza` is left as `Pennsylvania Plaza`,
    /// which no city is called).
    static func locality(_ part: String) -> String? {
        guard part.utf8.count <= partLength else { return nil }
        var words = part.split(separator: " ")
        let isCode = { (word: Substring) in word.contains(where: \.isNumber) }
        while let first = words.first, isCode(first) {
            words.removeFirst()
            // The letters of a Dutch postal code (`1012 AB`).
            if let next = words.first, next.count == 2, next.allSatisfy(\.isUppercase), words.count > 1 { words.removeFirst() }
        }
        while let last = words.last, isCode(last) { words.removeLast() }
        guard !words.isEmpty, !words.contains(where: isCode) else { return nil }
        return words.joined(separator: " ")
    }

    /// A part as a region (`NY 10001` is `NY`'s; the gazetteer passes over the code).
    private static func regionText(_ part: String) -> String? {
        part.utf8.count <= partLength && part.contains(where: \.isLetter) ? part : nil
    }

    /// A part made of postal-code words only (`00100`, `SW1A 1AA`, `K1A 0B1`).
    private static func isPostalCode(_ part: String) -> Bool {
        let words = part.split(separator: " ")
        return !words.isEmpty && words.count <= 2 && words.allSatisfy { $0.contains(where: \.isNumber) && $0.count <= 8 }
    }
}
