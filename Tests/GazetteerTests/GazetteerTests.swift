@testable import Gazetteer
@testable import Geography
import Testing

@Suite struct GazetteerTests {
    @Test(arguments: [
        ("US", "OR"), ("US", "Oregon"), ("US", "US-OR"), ("US", "or"), ("US", "OR 97201"), ("US", "Ore."),
    ])
    func oregonHowAddressesWriteIt(country: String, text: String) {
        let regions = Gazetteer.regions(named: text, inCountry: country)
        if text == "Ore." {
            // Not a way the tables know: nothing rather than a guess.
            #expect(regions.isEmpty)
        } else {
            #expect(regions.map(\.code) == ["OR"])
            #expect(regions.first?.name == "Oregon")
            #expect(regions.first?.isoCode == "US-OR")
        }
    }

    @Test(arguments: [
        ("AU", "NSW", "AU-NSW"), ("AU", "New South Wales", "AU-NSW"), ("DE", "Bayern", "DE-BY"), ("DE", "Bavaria", "DE-BY"),
        ("DE", "BY", "DE-BY"), ("ES", "Canarias", "ES-CN"), ("ES", "Islas Canarias", "ES-CN"), ("ES", "Canary Islands", "ES-CN"),
        ("ES", "Las Palmas", "ES-CN"), ("ES", "ES-GC", "ES-CN"), ("CA", "QC", "CA-QC"), ("CA", "Québec", "CA-QC"),
        ("BR", "SP", "BR-SP"), ("BR", "São Paulo", "BR-SP"), ("MX", "BCS", "MX-BCS"), ("MX", "CDMX", "MX-CMX"),
        ("ID", "Jawa Barat", "ID-JB"), ("ID", "West Java", "ID-JB"), ("RU", "Novosibirsk Oblast", "RU-NVS"),
        ("DE", "Bavière", "DE-BY"), ("RU", "Moscou", "RU-MOW"),
    ] as [(String, String, String)])
    func regionsByCodeOrName(country: String, text: String, iso: String) {
        let regions = Gazetteer.regions(named: text, inCountry: country)
        #expect(regions.count == 1)
        #expect(regions.first?.isoCode == iso)
    }

    @Test(arguments: [
        ("München", "DE", "Munich"), ("Munich", "DE", "Munich"), ("Muenchen", "DE", "Munich"), ("ミュンヘン", "DE", "Munich"),
        ("Wien", "AT", "Vienna"), ("Vienna", "AT", "Vienna"), ("Köln", "DE", "Köln"), ("Cologne", "DE", "Köln"),
        ("Praha", "CZ", "Prague"), ("Lisboa", "PT", "Lisbon"), ("Sevilla", "ES", "Sevilla"), ("Seville", "ES", "Sevilla"), ("Москва", "RU", "Moscow"), ("Firenze", "IT", "Florence"),
    ] as [(String, String, String)])
    func citiesByLocalAndEnglishNames(name: String, country: String, expected: String) {
        let found = Gazetteer.cities(named: name, inCountry: country)
        #expect(found.first?.name == expected)
        // Without the country: the same city first (the most populous of the name).
        #expect(Gazetteer.cities(named: name).first?.name == expected)
    }

    @Test(arguments: [
        ("it", "IT"), ("Italia", "IT"), ("Deutschland", "DE"), ("Österreich", "AT"), ("Россия", "RU"), ("Nederland", "NL"),
        ("España", "ES"), ("Suomi", "FI"), ("Polska", "PL"), ("日本", "JP"), ("Brasil", "BR"), ("México", "MX"), ("Sverige", "SE"),
        ("Schweiz", "CH"), ("Svizzera", "CH"), ("Česko", "CZ"), ("Ελλάδα", "GR"), ("Türkiye", "TR"), ("United States", "US"),
    ] as [(String, String)])
    func countriesByCodeEnglishOrOwnName(text: String, code: String) {
        #expect(CountryNames.code(for: text) == code)
    }

    /// Cities either side of zone lines in the countries that keep several zones, with their regions.
    @Test(arguments: [
        ("Portland", "OR", "US", "America/Los_Angeles"), ("Portland", "ME", "US", "America/New_York"),
        ("Portland", "Oregon", "US", "America/Los_Angeles"), ("Portland", "Maine", "US", "America/New_York"),
        ("El Paso", "TX", "US", "America/Denver"), ("Dallas", "TX", "US", "America/Chicago"),
        ("Pensacola", "FL", "US", "America/Chicago"), ("Tallahassee", "FL", "US", "America/New_York"),
        ("Boise", "ID", "US", "America/Boise"), ("Coeur d'Alene", "ID", "US", "America/Los_Angeles"),
        ("Ontario", "OR", "US", "America/Boise"), ("Ontario", "CA", "US", "America/Los_Angeles"),
        ("Gary", "IN", "US", "America/Chicago"), ("Indianapolis", "IN", "US", "America/Indiana/Indianapolis"),
        ("Phoenix", "AZ", "US", "America/Phoenix"), ("Tuba City", "AZ", "US", "America/Denver"),
        ("Calgary", "AB", "CA", "America/Edmonton"), ("Saskatoon", "SK", "CA", "America/Regina"),
        ("Regina", "SK", "CA", "America/Regina"), ("Winnipeg", "MB", "CA", "America/Winnipeg"),
        ("Vancouver", "BC", "CA", "America/Vancouver"), ("Cranbrook", "BC", "CA", "America/Edmonton"),
        ("St. John's", "NL", "CA", "America/St_Johns"), ("Labrador City", "NL", "CA", "America/Goose_Bay"),
        ("Sydney", "NSW", "AU", "Australia/Sydney"), ("Broken Hill", "NSW", "AU", "Australia/Broken_Hill"),
        ("Brisbane", "QLD", "AU", "Australia/Brisbane"), ("Perth", "WA", "AU", "Australia/Perth"),
        ("Adelaide", "SA", "AU", "Australia/Adelaide"), ("Darwin", "NT", "AU", "Australia/Darwin"),
        ("São Paulo", "SP", "BR", "America/Sao_Paulo"), ("Manaus", "AM", "BR", "America/Manaus"),
        ("Rio Branco", "AC", "BR", "America/Rio_Branco"), ("Cuiabá", "MT", "BR", "America/Cuiaba"),
        ("Tijuana", "BC", "MX", "America/Tijuana"), ("Hermosillo", "SON", "MX", "America/Hermosillo"),
        ("Cancún", "ROO", "MX", "America/Cancun"), ("Monterrey", "NLE", "MX", "America/Monterrey"),
        ("Ciudad Juárez", "CHH", "MX", "America/Ciudad_Juarez"), ("Chihuahua", "CHH", "MX", "America/Chihuahua"),
        ("Kaliningrad", "Kaliningrad Oblast", "RU", "Europe/Kaliningrad"), ("Samara", "Samara Oblast", "RU", "Europe/Samara"),
        ("Novosibirsk", "Novosibirsk Oblast", "RU", "Asia/Novosibirsk"), ("Vladivostok", "Primorye", "RU", "Asia/Vladivostok"),
        ("Jakarta", "Jakarta", "ID", "Asia/Jakarta"), ("Denpasar", "Bali", "ID", "Asia/Makassar"),
        ("Jayapura", "Papua", "ID", "Asia/Jayapura"), ("Pontianak", "Kalimantan Barat", "ID", "Asia/Pontianak"),
        ("Almaty", nil, "KZ", "Asia/Almaty"), ("Aktobe", nil, "KZ", "Asia/Aqtobe"),
        ("Las Palmas de Gran Canaria", "Las Palmas", "ES", "Atlantic/Canary"), ("Madrid", "Madrid", "ES", "Europe/Madrid"),
        ("Santa Cruz de Tenerife", "Canarias", "ES", "Atlantic/Canary"), ("Palma", "Illes Balears", "ES", "Europe/Madrid"),
        ("Ponta Delgada", "Açores", "PT", "Atlantic/Azores"), ("Funchal", "Madeira", "PT", "Atlantic/Madeira"),
        ("Lisboa", "Lisboa", "PT", "Europe/Lisbon"),
        ("Hanga Roa", "Valparaíso", "CL", "Pacific/Easter"), ("Valparaíso", "Valparaíso", "CL", "America/Santiago"),
        ("Punta Arenas", nil, "CL", "America/Punta_Arenas"),
        ("Puerto Ayora", "Galápagos", "EC", "Pacific/Galapagos"), ("Quito", "Pichincha", "EC", "America/Guayaquil"),
        // And others: Congo's west and east, Mongolia's west, Greenland's capital, New Zealand, Kiribati.
        ("Kinshasa", nil, "CD", "Africa/Kinshasa"), ("Lubumbashi", nil, "CD", "Africa/Lubumbashi"),
        ("Ulaanbaatar", nil, "MN", "Asia/Ulaanbaatar"), ("Khovd", nil, "MN", "Asia/Hovd"),
        ("Nuuk", nil, "GL", "America/Nuuk"), ("Auckland", nil, "NZ", "Pacific/Auckland"),
        ("Tarawa", nil, "KI", "Pacific/Tarawa"), ("Nouméa", nil, "NC", "Pacific/Noumea"),
    ] as [(String, String?, String, String)])
    func bothSidesOfZoneLines(city: String, region: String?, country: String, zone: String) throws {
        let match = try #require(Gazetteer.match(city: city, region: region, countryCode: country))
        #expect(match.zone == zone, "\(match)")
    }

    @Test func aSharedNameWithoutItsRegionIsAmbiguous() throws {
        let match = try #require(Gazetteer.match(city: "Portland", region: nil, countryCode: "US"))
        guard case .ambiguous(let cities) = match else {
            Issue.record("\(match)")
            return
        }
        // One city a time, the most populous of each: Oregon's before Maine's.
        let zones = cities.map(\.timeZone)
        #expect(zones.first == "America/Los_Angeles")
        #expect(zones.contains("America/New_York"))
        #expect(Set(zones).count == zones.count)
        #expect(match.zone == nil)
        // The same name in one zone only is no ambiguity: Texas's and Tennessee's are both Central.
        #expect(Gazetteer.match(city: "Portland", region: "TX", countryCode: "US")?.zone == "America/Chicago")
    }

    @Test func theCityWithItsRegionInOneField() {
        #expect(Gazetteer.match(city: "Portland, OR", region: nil, countryCode: "US")?.zone == "America/Los_Angeles")
        #expect(Gazetteer.match(city: "Portland, Maine", region: nil, countryCode: nil)?.zone == "America/New_York")
    }

    @Test func aTownNotKnownByItsRegion() throws {
        // Joseph, Oregon (1,100 people) is not in the gazetteer; Oregon is, and 99% of its people
        // keep Pacific time (Ontario and its neighbours keep Mountain time).
        let match = try #require(Gazetteer.match(city: "Joseph", region: "OR", countryCode: "US"))
        guard case .region(let region) = match else {
            Issue.record("\(match)")
            return
        }
        #expect(region.timeZone == "America/Los_Angeles")
        #expect(!region.keepsOneTime)
        #expect(match.zone == nil)
        // A region of one time decides.
        #expect(Gazetteer.match(city: "Smalltown", region: "Canarias", countryCode: "ES")?.zone == "Atlantic/Canary")
    }

    @Test func withoutTheCountry() {
        #expect(Gazetteer.match(city: "München", region: nil, countryCode: nil)?.zone == "Europe/Berlin")
        // Vienna, Austria and Vienna, Virginia: the region tells.
        #expect(Gazetteer.match(city: "Vienna", region: "VA", countryCode: nil)?.zone == "America/New_York")
        #expect(Gazetteer.match(city: "Vienna", region: "Wien", countryCode: nil)?.zone == "Europe/Vienna")
        #expect(Gazetteer.match(city: "Xanadu Springs", region: nil, countryCode: nil) == nil)
    }

    @Test func everyCityHasAKnownZoneAndARegionWhereGeoNamesGivesOne() {
        let cities = Gazetteer.allCities
        #expect(cities.count > 45_000)
        let withoutRegion = cities.filter { !$0.regionCode.isEmpty && $0.region == nil }
        #expect(withoutRegion.count * 1000 < cities.count, "\(withoutRegion.prefix(10))")
    }

    @Test("the people of each zone's cities: more keep Berlin's zone than Budapest's, New York's than Detroit's; every city counted")
    func peopleByZone() {
        let people = Gazetteer.peopleByZone
        #expect(people["Europe/Berlin", default: 0] > people["Europe/Budapest", default: 0])
        #expect(people["America/New_York", default: 0] > people["America/Detroit", default: 0])
        #expect(people.values.reduce(0, +) == Gazetteer.allCities.reduce(0) { $0 + $1.population })
    }
}
