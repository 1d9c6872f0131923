@testable import Chrono
@testable import Geography
import Testing

@Suite("Countries and their zones")
struct CountryTimeZonesTests {
    private func instant(_ text: String) throws -> Instant { try Instant(iso8601: text) }

    @Test("countries as addresses write them", arguments: [
        ("FI", "FI"), ("fi", "FI"), ("Finland", "FI"), ("Finlande", "FI"), ("Finnland", "FI"), ("フィンランド", "FI"),
        ("USA", "US"), ("United States", "US"), ("Etats-Unis", "US"), ("États-Unis", "US"), ("  norway ", "NO"),
        ("UK", "GB"), ("Deutschland", "DE"), ("España", "ES"), ("Espana", "ES"), ("日本", "JP"),
    ])
    func countries(text: String, code: String) {
        #expect(CountryNames.code(for: text) == code)
    }

    @Test("unknown countries", arguments: ["", "Atlantis", "ZZ", "U"])
    func unknownCountries(text: String) {
        #expect(CountryNames.code(for: text) == nil)
    }

    @Test("each country keeps its own zone names")
    func ownNames() {
        #expect(CountryTimeZones.onlyZone(ofCountry: "NO") == "Europe/Oslo")
        #expect(CountryTimeZones.onlyZone(ofCountry: "fi") == "Europe/Helsinki")
        #expect(CountryTimeZones.onlyZone(ofCountry: "US") == nil)
        #expect(CountryTimeZones.zones(inCountry: "US").count > 20)
    }

    @Test("the zone that agrees with an offset, nearest the place when several do")
    func agreeing() throws {
        let june = try instant("2030-06-15T02:30:00Z")
        let minusSeven = UTCOffset(hours: -7)!
        // Los Angeles (PDT) and Phoenix (MST) are both at -07:00 in June.
        #expect(CountryTimeZones.zone(inCountry: "US", agreeingWith: minusSeven, at: june, near: (37.79, -122.39)) == "America/Los_Angeles")
        #expect(CountryTimeZones.zone(inCountry: "US", agreeingWith: minusSeven, at: june, near: (33.45, -112.07)) == "America/Phoenix")
        // In January only Denver, Phoenix and the other Mountain zones are at -07:00.
        let january = try instant("2030-01-15T02:30:00Z")
        #expect(CountryTimeZones.zone(inCountry: "US", agreeingWith: minusSeven, at: january, near: (37.79, -122.39)) != "America/Los_Angeles")
        #expect(CountryTimeZones.zone(inCountry: "FI", agreeingWith: minusSeven, at: june) == nil)
        #expect(CountryTimeZones.zone(inCountry: "AU", agreeingWith: UTCOffset(hours: 10)!, at: june, near: (-33.87, 151.21)) == "Australia/Sydney")
    }
}

@Suite("Distances")
struct GreatCircleTests {
    @Test("Helsinki to San Francisco, and the approximation orders places as the distance does")
    func distances() {
        let helsinki = (60.3172, 24.9633)
        let sanFrancisco = (37.6188, -122.3750)
        let stockholm = (59.6519, 17.9186)
        #expect(abs(GreatCircle.kilometres(helsinki.0, helsinki.1, sanFrancisco.0, sanFrancisco.1) - 8_721) < 15)
        #expect(GreatCircle.kilometres(helsinki.0, helsinki.1, helsinki.0, helsinki.1) == 0)
        #expect(
            GreatCircle.comparableDistance(helsinki.0, helsinki.1, stockholm.0, stockholm.1)
                < GreatCircle.comparableDistance(helsinki.0, helsinki.1, sanFrancisco.0, sanFrancisco.1))
    }
}
