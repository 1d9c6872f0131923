import Airports
import Basics
import Chrono
import Gazetteer
import Geography
import Reservations
import TimeZoneMap

/// What is known about where a time happens, as evidence for its zone: the airport (from the
/// airport table, by code or by an unambiguous name), the country, the city and region (from the
/// gazetteer), the position, and a zone stated on another time at the same place.
struct Whereabouts: Sendable {
    /// The airport, when the place is one the table knows.
    var airport: AirportRecord?
    /// The zone of an airport named without a code when several airports fit its name, all in one zone.
    var airportZone: (zone: String, name: String)?
    /// The ISO 3166-1 alpha-2 country code.
    var countryCode: String?
    /// The position, when known.
    var coordinates: (latitude: Double, longitude: Double)?
    /// The zone the position falls in on the time-zone map, with the position for messages
    /// (`Europe/Helsinki, the zone at 65.8477, 24.1473`); `nil` without a position, at sea, or at
    /// an airport (whose own zone is known).
    var coordinateZone: (zone: String, source: ZoneSource)?
    /// An IANA zone given on another time at this place (a check-in's zone, for its check-out).
    var statedZone: String?
    /// The place's city, when its address gives one.
    var city: String?
    /// The place's name (a station's: `Boston South Station`), which may start with its city.
    var name: String?
    /// The place's region (state, province), when its address gives one.
    var region: String?
    /// What the gazetteer makes of the address's city, region and country; looked up only when
    /// neither an airport, nor a position, nor a country of one time places it.
    private(set) var gazetteer: GazetteerMatch?
    /// The zone the gazetteer settles, with what messages call the place: a city's, or that of a
    /// region that keeps one time; worked out once, since every time asks.
    private(set) var gazetteerZone: (zone: String, source: ZoneSource, isCity: Bool)?
    /// Where the reservation's other place is (a trip's other end, a rental's other desk), with
    /// what to call it: evidence between cities of one name.
    var neighbour: (latitude: Double, longitude: Double, name: String)?

    /// Where the place is, as well as it is known: its coordinates (an airport's from the table),
    /// else the position of the city the gazetteer settled on.
    var position: (latitude: Double, longitude: Double)? {
        if let coordinates { return coordinates }
        if case .city(let city, _)? = gazetteer { return (city.latitude, city.longitude) }
        return nil
    }

    private static func zone(of match: GazetteerMatch?) -> (zone: String, source: ZoneSource, isCity: Bool)? {
        switch match {
        case .city(let city, _)?: (city.timeZone, .found(match!), true)
        case .region(let region)? where region.keepsOneTime: (region.timeZone, .named(region.name), false)
        default: nil
        }
    }

    /// What messages call the place when it is evidence for another: its airport's code, the
    /// city the gazetteer found, its city or its name.
    var label: String? {
        airport?.iataCode ?? gazetteer.map(\.description) ?? city ?? name
    }

    /// This place with another of the reservation taken as evidence for its city.
    func near(_ other: Whereabouts) -> Whereabouts {
        guard gazetteer != nil, let (latitude, longitude) = other.position else { return self }
        var place = self
        place.neighbour = (latitude, longitude, other.label ?? "the reservation's other place")
        return place
    }

    /// The zone of the place's city, when the airport table knows the city and its airports agree
    /// on a zone (in the place's country, or, without one, in every country that has such a city).
    var cityZone: String? {
        guard let city else { return nil }
        if let countryCode { return AirportDirectory.timeZone(ofCity: city, countryCode: countryCode) }
        return AirportDirectory.timeZone(ofCity: city)
    }

    /// Nothing known.
    static let unknown = Whereabouts()

    /// The zone the place is known to keep, best evidence first: where it is (``geographicZone``),
    /// else a zone stated on another time there.
    var knownZone: (zone: String, source: ZoneSource)? {
        geographicZone ?? statedZone.map { ($0, .named("the place")) }
    }

    /// Whether the place has a position, and it is in no zone: at sea, beyond any country's waters.
    var isAtSea: Bool { coordinates != nil && airport == nil && coordinateZone == nil }

    /// The zone the place's whereabouts give: its airport's, the zone its position falls in (by
    /// real boundaries: near a border the nearest airport is often across it), its country's when
    /// all the country's zones keep one time, its city's by the gazetteer (the time-zone map's at
    /// the city's position) when every city of that name in the region or country given keeps one
    /// time, its city's by the airport table, that of the airports its name fits, its region's when
    /// the region keeps one time, or that of the city its name starts with.
    var geographicZone: (zone: String, source: ZoneSource)? {
        if let airport { return (airport.timeZone, .named(airport.iataCode)) }
        if let coordinateZone { return coordinateZone }
        if let countryCode, let zone = CountryTimeZones.onlyZone(ofCountry: countryCode) { return (zone, .named(countryCode)) }
        if let (zone, source, isCity) = gazetteerZone, isCity { return (zone, source) }
        // The airport table knows the cities with airports only: where the gazetteer knows cities
        // of that name in other zones (Vienna, Virginia), the choice is a guess, made and reported
        // by the time resolver.
        if case .ambiguous? = gazetteer {
        } else if let city, let zone = cityZone {
            return (zone, .named(city))
        }
        if let airportZone { return (airportZone.zone, .named(airportZone.name)) }
        if let (zone, source, isCity) = gazetteerZone, !isCity { return (zone, source) }
        if city == nil, let (zone, city) = nameCityZone { return (zone, city) }
        return nil
    }

    /// The zone of the city a place's name starts with, for stations and stops known by name
    /// only (`Boston South Station`, `Berlin Hbf`, `San Francisco Caltrain`): its first three,
    /// two or one words, when the airport table knows such a city and it keeps one zone, else,
    /// in the country given, when the gazetteer knows one city of that name or all keep one time
    /// (`Flagstaff Amtrak Station`, `Ponta Delgada Ferry Terminal`).
    var nameCityZone: (zone: String, city: ZoneSource)? {
        guard let name else { return nil }
        let words = name.split { !$0.isLetter && $0 != "-" && $0 != "'" }.map(String.init)
        // The longest run of first words that neither starts nor ends with a word such as
        // "Station", "Port" or "de": `San Sebastián de La Gomera` before `San Sebastián`.
        for count in stride(from: min(6, words.count), through: 1, by: -1) {
            let leading = words.prefix(count)
            guard let first = leading.first?.lowercased(), let last = leading.last?.lowercased(),
                !Self.genericPlaceWords.contains(first), !Self.genericPlaceWords.contains(last)
            else { continue }
            let city = leading.joined(separator: " ")
            let zone = countryCode.map { AirportDirectory.timeZone(ofCity: city, countryCode: $0) } ?? AirportDirectory.timeZone(ofCity: city)
            if let zone { return (zone, .named(city)) }
            // The gazetteer's cities in the country given only: a station's first words are too
            // often some town's name somewhere else.
            if let countryCode, case .city(let found, _)? = Gazetteer.match(city: city, region: region, countryCode: countryCode) {
                return (found.timeZone, .city(found))
            }
        }
        return nil
    }

    /// Words that start station names without being a city.
    private static let genericPlaceWords: Set<String> = [
        "central", "union", "station", "gare", "bahnhof", "hauptbahnhof", "hbf", "main", "grand", "port", "bus", "coach",
        "ferry", "terminal", "airport", "north", "south", "east", "west", "city", "old", "new", "upper", "lower", "st", "the",
        "de", "la", "le", "el", "estacion", "estación", "stazione", "station", "pier", "harbour", "harbor", "quay", "place",
    ]

    /// The zone the place keeps when a zone stated for one of its times cannot be right: when its
    /// clocks show another time at `instant` than those of the place's zone, or than those of
    /// every zone of the place's country (the place's zone is then the country's nearest, or its
    /// first). `nil` when the stated zone may well be the place's.
    func contradiction(of stated: String, at instant: Instant) -> (zone: String, source: ZoneSource)? {
        guard let statedOffset = TimeZoneRules.offset(in: stated, at: instant) else { return nil }
        if let (zone, source) = geographicZone {
            guard zone != stated, let offset = TimeZoneRules.offset(in: zone, at: instant), offset != statedOffset else { return nil }
            return (zone, source)
        }
        guard let countryCode else { return nil }
        let zones = CountryTimeZones.zones(inCountry: countryCode)
        guard !zones.isEmpty, !zones.contains(where: { TimeZoneRules.offset(in: $0.zone, at: instant) == statedOffset }) else { return nil }
        let zone = coordinates.flatMap { CountryTimeZones.nearestZone(inCountry: countryCode, to: $0) } ?? zones[0].zone
        return (zone, .named(countryCode))
    }

    /// A place with the times that happen there (whose stated zones count as evidence).
    init(place: Place?, times: [DateTimeValue?] = []) {
        countryCode = Self.country(place?.address)
        if let coordinates = place?.coordinates, coordinates.isKnown {
            self.coordinates = (coordinates.latitude, coordinates.longitude)
        }
        statedZone = times.lazy.compactMap { $0?.timeZone }.first { !TimeZoneRules.isUTC($0) }
        city = place?.address?.city.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        region = place?.address?.region.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        name = place?.name
        if let (latitude, longitude) = coordinates { coordinateZone = Self.mapZone(latitude: latitude, longitude: longitude) }
        if coordinates == nil, city != nil || region != nil, countryCode.map({ CountryTimeZones.onlyZone(ofCountry: $0) == nil }) ?? true {
            gazetteer = Gazetteer.match(city: city, region: region, countryCode: countryCode)
            gazetteerZone = Self.zone(of: gazetteer)
        }
    }

    /// The zone a position falls in on the time-zone map, with the position for the messages that
    /// may name it.
    private static func mapZone(latitude: Double, longitude: Double) -> (zone: String, source: ZoneSource)? {
        ZoneMap.zone(latitude: latitude, longitude: longitude).map { zone in
            (zone, .position(zone: zone, latitude: latitude, longitude: longitude))
        }
    }

    /// `65.8467` for messages: four decimals, about ten metres.
    static func degrees(_ value: Double) -> String {
        String(format: "%.4f", value)
    }

    /// An airport, found in the table by IATA or ICAO code, else by its name where that is
    /// unambiguous, with the times that happen there.
    init(airport: Airport?, times: [DateTimeValue?] = []) {
        self.init(place: nil, times: times)
        guard let airport else { return }
        countryCode = Self.country(airport.address)
        city = airport.address?.city
        var record = airport.iataCode.flatMap(AirportDirectory.airport(iata:))
            ?? airport.icaoCode.flatMap(AirportDirectory.airport(icao:))
        if record == nil, airport.iataCode == nil, airport.icaoCode == nil, airport.name != nil || city != nil {
            switch AirportDirectory.match(name: airport.name, city: city, countryCode: countryCode) {
            case .airport(let found): record = found
            case .zone(let zone): airportZone = (zone, "the airports named \(airport.name ?? city ?? "")")
            case nil: break
            }
        }
        self.airport = record
        countryCode = countryCode ?? record?.countryCode
        if let coordinates = airport.coordinates, coordinates.isKnown {
            self.coordinates = (coordinates.latitude, coordinates.longitude)
            // An airport the table does not know is placed by its position.
            if record == nil { coordinateZone = Self.mapZone(latitude: coordinates.latitude, longitude: coordinates.longitude) }
        } else if let record {
            self.coordinates = (record.latitude, record.longitude)
        }
    }

    private init() {}

    /// The country of an address: its code, else its name.
    static func country(_ address: PostalAddress?) -> String? {
        guard let address else { return nil }
        return address.countryCode.flatMap(CountryNames.code(for:))
            ?? address.country.flatMap(CountryNames.code(for:))
    }
}
