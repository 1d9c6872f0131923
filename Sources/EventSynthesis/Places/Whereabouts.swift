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
///
/// Evidence is of two strengths. The place is *located* by an airport's code, a position, or an
/// address's own fields that give its country (with its city or region, or a country of one
/// time): strong enough to tell that a zone a time states is a mistake of the source's
/// (``locatedZone``). Everything else (an airport known by name only, a city without a country,
/// the words of a free-text location, a station's name) only *suggests* a zone: it is taken where
/// nothing is stated, and never moves an instant a time states (``knownZone``).
struct Whereabouts: Sendable {
    /// The airport, when the place is one the table knows.
    var airport: AirportRecord?
    /// Whether ``airport`` was found by its code (IATA or ICAO), not by its name.
    var isAirportByCode = false
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
    /// Whether the place is a stop of a journey (a station, a port, a rental desk), whose name
    /// often starts with its city (`Boston South Station`); a venue's, a hotel's or a
    /// restaurant's name that starts with a city's (`Madison Square Garden`) is not that city.
    var isStop = false
    /// The free text the city, region or country were read from (a calendar file's `LOCATION`,
    /// an address written as one line), with what it was read as; `nil` when the address's own
    /// fields gave them.
    private(set) var written: (text: String, reading: WrittenAddress)?
    /// The times that happen here, whose instants tell whether a stated zone keeps other clocks
    /// than the place's for the whole event.
    private var times: [DateTimeValue?] = []

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

    /// The zone the place is known to keep, best evidence first: where it is located
    /// (``locatedZone``), else a zone stated on another time there (a check-in's for the
    /// check-out, a calendar file's DTSTART zone for a DTEND without one), else what its names
    /// suggest (``geographicZone``); `isLocated` when the place is located, or the zone is the source's own
    /// word (then an offset of the zone's other season is read as a slip, and the wall time
    /// kept), not when it is only suggested by names.
    var knownZone: (zone: String, source: ZoneSource, isLocated: Bool)? {
        if let (zone, source) = locatedZone { return (zone, source, true) }
        // The source's own word, on another time of the event, before what names suggest.
        if let statedZone { return (statedZone, .named("the place"), true) }
        if let (zone, source) = geographicZone { return (zone, source, false) }
        return nil
    }

    /// A city the place's free text names before the one taken as its city, whose zone keeps
    /// other clocks than the place's (`Olympia` in `Olympia, Helsinki`), with that zone; `nil`
    /// when every such city keeps the place's clocks.
    var cityPassedOver: (name: String, zone: String)? {
        guard let written, let (zone, _) = geographicZone else { return nil }
        for name in written.reading.otherCities {
            let cities = Gazetteer.cities(named: name, inCountry: countryCode)
            guard !cities.contains(where: { CountryTimeZones.keepSameClocks($0.timeZone, zone) }), let first = cities.first else { continue }
            return (name, first.timeZone)
        }
        return nil
    }

    /// The zone the place's location gives, from evidence strong enough to outweigh a zone a
    /// time states: its airport known by code, its position, or its address's own fields when
    /// they give its country (a country of one time, or the city or region within it).
    var locatedZone: (zone: String, source: ZoneSource)? {
        if let airport, isAirportByCode { return (airport.timeZone, .named(airport.iataCode)) }
        if let coordinateZone { return coordinateZone }
        guard written == nil, let countryCode else { return nil }
        if let zone = CountryTimeZones.onlyZone(ofCountry: countryCode) { return (zone, .named(countryCode)) }
        if let (zone, source, _) = gazetteerZone { return (zone, source) }
        if case .ambiguous? = gazetteer { return nil }
        if let city, let zone = cityZone { return (zone, .named(city)) }
        return nil
    }

    /// How the place's zone evidence was found, as messages say it after the zone: `, from its
    /// address`, `, as the words of its location read`.
    var evidenceBasis: String {
        if let written { return ", as the words “\(Self.quoted(written.text))” read" }
        if airport != nil && isAirportByCode || coordinateZone != nil { return "" }
        if airport != nil || airportZone != nil { return ", from its airport's name" }
        if countryCode != nil || city != nil || region != nil { return ", from its address" }
        return name.map { ", as its name “\(Self.quoted($0))” reads" } ?? ""
    }

    /// A text as messages quote it: its first 60 characters.
    private static func quoted(_ text: String) -> String {
        // By scalars: a character may carry any number of combining marks.
        text.unicodeScalars.count <= 60 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(59))) + "…"
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
        if city == nil, isStop, let (zone, city) = nameCityZone { return (zone, city) }
        return nil
    }

    /// The zone of the city a place's name starts with, for stations and stops known by name
    /// only (`Boston South Station`, `Berlin Hbf`, `San Francisco Caltrain`): its first three,
    /// two or one words, when the airport table knows such a city and it keeps one zone, else,
    /// in the country given, when the gazetteer knows one city of that name or all keep one time
    /// (`Flagstaff Amtrak Station`, `Ponta Delgada Ferry Terminal`).
    var nameCityZone: (zone: String, city: ZoneSource)? {
        // The first part of a name written with its address (`Olympia Terminal, Olympiaranta 1`).
        guard let name = name?.split(separator: ",").first else { return nil }
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

    /// What the place says against a zone a time states, when its clocks show another time at
    /// `instant` than those of the place's zone, or than those of every zone of the place's
    /// country. `nil` when the stated zone may well be the place's.
    ///
    /// The contradiction ``Contradiction/outweighs`` the stated zone only when the place is
    /// located and the clocks differ at every time that happens here: then the source named the
    /// wrong zone for the place (a hotel in Portugal "in Europe/Berlin"). An address's country
    /// locates a place against a stated zone only when the zone is kept in none of the country's
    /// territories (Réunion's is, for `France`), and its city (when it gives one) is the
    /// country's rather than only another country's (`Atlanta`, `Georgia`); an address that gives
    /// the country alone, when none of its zones keeps the stated clocks, only when one time is
    /// kept by most of its people (Portugal's, not Canada's). Otherwise the source's word stands.
    func contradiction(of stated: String, at instant: Instant) -> Contradiction? {
        guard let statedOffset = TimeZoneRules.offset(in: stated, at: instant) else { return nil }
        let instants = [instant] + times.compactMap { $0.flatMap { Self.instant(of: $0, statedZone: stated) } }
        let keepsStated = { (zone: String, at: Instant) in
            TimeZoneRules.offset(in: zone, at: at).map { $0 == TimeZoneRules.offset(in: stated, at: at) } ?? true
        }
        // One zone the evidence gives.
        let zoneContradiction = { (zone: String, source: ZoneSource, isLocated: Bool) -> Contradiction? in
            guard zone != stated, let offset = TimeZoneRules.offset(in: zone, at: instant), offset != statedOffset else { return nil }
            return Contradiction(
                evidence: source.giving(zone), basis: evidenceBasis,
                outweighs: isLocated && !instants.contains { keepsStated(zone, $0) })
        }
        // A country none of whose zones keeps the stated clocks: located when most of its people
        // keep one time, which is then the place's.
        let countryContradiction = { (countryCode: String, isLocated: Bool) -> Contradiction? in
            let zones = CountryTimeZones.zones(inCountry: countryCode)
            let anyKeepsStated = { (at: Instant) in zones.contains { keepsStated($0.zone, at) } }
            guard !zones.isEmpty, !anyKeepsStated(instant) else { return nil }
            let dominant = isLocated ? Self.zoneOfMost(inCountry: countryCode) : nil
            let zone = dominant ?? coordinates.flatMap { CountryTimeZones.nearestZone(inCountry: countryCode, to: $0) } ?? zones[0].zone
            var found = Contradiction(
                evidence: ZoneSource.named(countryCode).giving(zone), basis: evidenceBasis,
                outweighs: dominant != nil && !instants.contains(where: anyKeepsStated))
            found.isCountryWide = dominant == nil && coordinates == nil && zones.count > 1
            return found
        }
        if let (zone, source) = locatedByCode { return zoneContradiction(zone, source, true) }
        // A zone of one of the country's territories may well be the place's: the address's
        // country says nothing against it, nor what was looked up within that country.
        if let countryCode, DependentTerritories.keep(stated, territoriesOf: countryCode) { return nil }
        let addressLocates = written == nil && !isCityOutsideCountry
        if addressLocates, let (zone, source) = locatedZone { return zoneContradiction(zone, source, true) }
        if addressLocates, let countryCode, let found = countryContradiction(countryCode, true) { return found }
        if let (zone, source) = geographicZone { return zoneContradiction(zone, source, false) }
        if let countryCode { return countryContradiction(countryCode, false) }
        return nil
    }

    /// The zone an airport's code or a position gives: evidence no word of an address weakens.
    private var locatedByCode: (zone: String, source: ZoneSource)? {
        if let airport, isAirportByCode { return (airport.timeZone, .named(airport.iataCode)) }
        return coordinateZone
    }

    /// Whether the address's city is one the gazetteer knows in other countries but not in the
    /// country given (`Atlanta` with `Georgia`; `Tórshavn` with `Denmark`, its own code being
    /// `FO`): the country is then in doubt.
    var isCityOutsideCountry: Bool {
        guard let city, let countryCode, gazetteerZone == nil, cityZone == nil else { return false }
        return Gazetteer.cities(named: city, inCountry: countryCode).isEmpty && !Gazetteer.cities(named: city).isEmpty
    }

    /// The zone whose clocks most of a country's people keep (90 % or more, by the gazetteer's
    /// cities: Portugal's Lisbon time, Brazil's Brasília time), or `nil` (Canada, the United States).
    static func zoneOfMost(inCountry countryCode: String) -> String? {
        let people = Gazetteer.peopleByZone(inCountry: countryCode)
        let total = people.values.reduce(0, +)
        guard total > 0, let (largest, _) = people.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        let alike = people.filter { CountryTimeZones.keepSameClocks($0.key, largest) }.values.reduce(0, +)
        return alike * 100 >= total * TimeResolver.mostOfRegion ? largest : nil
    }

    /// A time's instant, read in its own zone or offset, else in `statedZone`.
    private static func instant(of time: DateTimeValue, statedZone: String) -> Instant? {
        guard case .dateTime(let local, let zone, let offset) = time else { return nil }
        if let offset { return local.instant(at: offset) }
        return TimeZoneRules.instant(of: local, in: zone ?? statedZone)
    }

    /// A place with the times that happen there (whose stated zones count as evidence); `stop`
    /// for a journey's station, port or desk, whose name may start with its city's.
    init(place: Place?, times: [DateTimeValue?] = [], stop: Bool = false) {
        countryCode = Self.country(place?.address)
        if let coordinates = place?.coordinates, coordinates.isKnown {
            self.coordinates = (coordinates.latitude, coordinates.longitude)
        }
        self.times = times
        isStop = stop
        statedZone = times.lazy.compactMap { $0?.timeZone }.first { !TimeZoneRules.isUTC($0) }
        city = place?.address?.city.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        region = place?.address?.region.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        name = place?.name
        if countryCode == nil, city == nil, region == nil {
            // An address written as one line, else a name that is a location (a calendar file's
            // LOCATION): read from the end, as people write addresses.
            for text in [place?.address?.street, place?.name].compactMap({ $0 }) {
                guard let reading = WrittenAddress.read(text) else { continue }
                written = (text, reading)
                (city, region, countryCode) = (reading.city, reading.region, reading.countryCode)
                break
            }
        }
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
        isAirportByCode = record != nil
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
