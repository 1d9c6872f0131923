import Chrono
import Testing

@testable import Airports

@Suite("Airport table")
struct AirportDirectoryTests {
    @Test("look-ups by IATA and ICAO code, in any case")
    func lookups() throws {
        let sfo = try #require(AirportDirectory.airport(iata: "sfo"))
        #expect(sfo.name == "San Francisco International Airport")
        #expect(sfo.icaoCode == "KSFO")
        #expect(sfo.countryCode == "US")
        #expect(sfo.timeZone == "America/Los_Angeles")
        #expect(AirportDirectory.airport(icao: "efhk")?.iataCode == "HEL")
        #expect(AirportDirectory.airport(iata: "AAA") != nil)  // the first line
        #expect(AirportDirectory.airport(iata: "ZZZ") == nil)
        #expect(AirportDirectory.airport(iata: "SF") == nil)
        #expect(AirportDirectory.airport(icao: "XXXX") == nil)
    }

    @Test("every airport is well formed and its zone is in this system's tz database")
    func wellFormed() {
        let all = AirportDirectory.all
        #expect(all.count == 7884)
        #expect(all.map(\.iataCode) == all.map(\.iataCode).sorted())
        #expect(Set(all.map(\.iataCode)).count == all.count)
        for airport in all {
            #expect((-90...90).contains(airport.latitude) && (-180...180).contains(airport.longitude), "\(airport.iataCode)")
            #expect(airport.countryCode.count == 2, "\(airport.iataCode)")
        }
        let unknownZones = Set(all.map(\.timeZone)).filter { !TimeZoneRules.isKnown($0) }
        #expect(unknownZones.isEmpty)
    }

    @Test("every airport's city finds its zone, whatever its case and accents")
    func cities() throws {
        #expect(AirportDirectory.timeZone(ofCity: "san francisco", countryCode: "us") == "America/Los_Angeles")
        #expect(AirportDirectory.timeZone(ofCity: " São Paulo ", countryCode: "BR") == "America/Sao_Paulo")
        #expect(AirportDirectory.timeZone(ofCity: "SAO PAULO", countryCode: "BR") == "America/Sao_Paulo")
        #expect(AirportDirectory.timeZone(ofCity: "Atlantis", countryCode: "US") == nil)
        // The Swift key must match the generator's for every city, accented or not. A city's
        // airports vote for its zone (an international one three times); two thirds decide.
        var votes: [String: [String: Int]] = [:]
        for airport in AirportDirectory.all where !airport.city.isEmpty {
            let key = AirportDirectory.cityKey(airport.city, airport.countryCode)
            votes[key, default: [:]][airport.timeZone, default: 0] += airport.name.lowercased().contains("international") ? 3 : 1
        }
        var expected: [String: String] = [:]
        for (key, counts) in votes {
            let total = counts.values.reduce(0, +)
            if let (zone, count) = counts.max(by: { $0.value < $1.value }), count * 3 >= total * 2 { expected[key] = zone }
        }
        for airport in AirportDirectory.all where !airport.city.isEmpty {
            let key = AirportDirectory.cityKey(airport.city, airport.countryCode)
            #expect(AirportDirectory.timeZone(ofCity: airport.city, countryCode: airport.countryCode) == expected[key], "\(airport.city)")
        }
        #expect(expected.count > 6000)
    }

    @Test("a city's airports must agree on its zone: Austin is in Texas, Oakland could be two places")
    func ambiguousCities() {
        #expect(AirportDirectory.timeZone(ofCity: "Austin", countryCode: "US") == "America/Chicago")
        #expect(AirportDirectory.timeZone(ofCity: "Oakland", countryCode: "US") == nil)
        // Without a country: the zone every country's city of that name agrees on.
        #expect(AirportDirectory.timeZone(ofCity: "Tromsø") == "Europe/Oslo")
        #expect(AirportDirectory.timeZone(ofCity: "Atlantis") == nil)
    }

    @Test("airports named without a code are found when one fits, or their zone when all that fit share it", arguments: [
        ("Heathrow", nil, nil, "LHR"),
        ("London Heathrow Airport", nil, "GB", "LHR"),
        ("Flughafen Zürich", nil, nil, "ZRH"),
        ("Aéroport de Paris-Charles de Gaulle", nil, nil, "CDG"),
        ("JFK", nil, nil, "JFK"),
    ] as [(String, String?, String?, String)])
    func namedAirports(name: String, city: String?, country: String?, code: String) {
        #expect(AirportDirectory.match(name: name, city: city, countryCode: country) == .airport(AirportDirectory.airport(iata: code)!))
    }

    @Test("an airport name that fits several airports gives their zone, or nothing when they differ")
    func ambiguousAirportNames() {
        #expect(AirportDirectory.match(name: "Frankfurt Airport", city: nil, countryCode: "DE") == .zone("Europe/Berlin"))
        #expect(AirportDirectory.match(name: "International Airport", city: nil, countryCode: nil) == nil)
        #expect(AirportDirectory.match(name: "Springfield", city: nil, countryCode: "US") == nil)
    }

    @Test("great-circle distances", arguments: [("SFO", "JFK", 4_160.0), ("HEL", "TXL", 1_105.0), ("SYD", "LAX", 12_050.0)])
    func distances(from: String, to: String, kilometres: Double) throws {
        let distance = try #require(AirportDirectory.airport(iata: from)).distance(to: try #require(AirportDirectory.airport(iata: to)))
        #expect(abs(distance - kilometres) < 25)
    }
}
