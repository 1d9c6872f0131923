import Testing

@testable import Chrono

@Suite("TimeZoneRules")
struct TimeZoneRulesTests {
    @Test("IANA names are known; abbreviations, Foundation forms and typos are not", arguments: [
        ("Europe/Paris", true), ("America/Argentina/Buenos_Aires", true), ("Etc/GMT+5", true), ("UTC", true),
        ("Etc/UTC", true), ("US/Pacific", true), ("Europe/Berln", false), ("europe/paris", false), ("PST", false),
        ("GMT+2", false), ("GMT+0200", false), ("", false), ("../../etc/passwd", false), ("Europe/", false),
        ("/Europe/Paris", false), ("zone.tab", false), ("Europe", false),
    ])
    func known(name: String, expected: Bool) {
        #expect(TimeZoneRules.isKnown(name) == expected)
    }

    @Test("UTC under its many names")
    func utcNames() {
        #expect(TimeZoneRules.isUTC("UTC"))
        #expect(TimeZoneRules.isUTC("Etc/UTC"))
        #expect(TimeZoneRules.isUTC("Zulu"))
        #expect(!TimeZoneRules.isUTC("Europe/London"))
        #expect(TimeZoneRules.offset(in: "Etc/UTC", at: Instant(secondsSinceEpoch: 0)) == .zero)
    }

    private func instant(_ text: String) throws -> Instant {
        guard case .dateTime(let local, _, let offset?) = try DateTimeValue(iso8601: text) else {
            throw ISO8601ParseError(text: text, reason: "test needs an offset")
        }
        return local.instant(at: offset)
    }

    private func local(_ text: String) throws -> LocalDateTime {
        try #require(try DateTimeValue(iso8601: text).localDateTime)
    }

    @Test("an ordinary wall time maps to one instant, both hemispheres")
    func ordinary() throws {
        #expect(TimeZoneRules.instant(of: try local("2030-06-16T15:05"), in: "Europe/Helsinki") == (try instant("2030-06-16T12:05:00Z")))
        #expect(TimeZoneRules.instant(of: try local("2030-01-10T09:00"), in: "Australia/Sydney") == (try instant("2030-01-09T22:00:00Z")))
        #expect(TimeZoneRules.instant(of: try local("2030-07-10T09:00"), in: "Australia/Sydney") == (try instant("2030-07-09T23:00:00Z")))
        #expect(TimeZoneRules.instant(of: try local("2030-06-16T12:00"), in: "Asia/Kathmandu") == (try instant("2030-06-16T06:15:00Z")))
    }

    @Test("a wall time skipped when clocks go forward is read with the offset before the gap (RFC 5545)")
    func gap() throws {
        // Paris, 2030-03-31: 02:00 CET jumps to 03:00 CEST.
        #expect(TimeZoneRules.instant(of: try local("2030-03-31T02:30"), in: "Europe/Paris") == (try instant("2030-03-31T01:30:00Z")))
        // Sydney, 2030-10-06: 02:00 AEST jumps to 03:00 AEDT.
        #expect(TimeZoneRules.instant(of: try local("2030-10-06T02:30"), in: "Australia/Sydney") == (try instant("2030-10-05T16:30:00Z")))
    }

    @Test("a wall time that happens twice when clocks go back means the first")
    func overlap() throws {
        // Paris, 2030-10-27: 03:00 CEST falls back to 02:00 CET.
        #expect(TimeZoneRules.instant(of: try local("2030-10-27T02:30"), in: "Europe/Paris") == (try instant("2030-10-27T00:30:00Z")))
        // New York, 2030-11-03: 02:00 EDT falls back to 01:00 EST.
        #expect(TimeZoneRules.instant(of: try local("2030-11-03T01:30"), in: "America/New_York") == (try instant("2030-11-03T05:30:00Z")))
    }

    @Test("offsets and wall times at an instant")
    func offsets() throws {
        let instant = try instant("2030-06-16T12:05:00Z")
        #expect(TimeZoneRules.offset(in: "Europe/Helsinki", at: instant) == UTCOffset(hours: 3))
        #expect(TimeZoneRules.offset(in: "America/St_Johns", at: instant) == UTCOffset(hours: -2, minutes: 30))
        #expect(TimeZoneRules.localDateTime(of: instant, in: "Pacific/Kiritimati") == (try local("2030-06-17T02:05")))
        #expect(TimeZoneRules.offset(in: "Nowhere/Town", at: instant) == nil)
    }
}

@Suite("TimeZoneDirectory")
struct TimeZoneDirectoryTests {
    private func instant(_ text: String) throws -> Instant { try Instant(iso8601: text) }

    @Test("countries as addresses write them", arguments: [
        ("FI", "FI"), ("fi", "FI"), ("Finland", "FI"), ("Finlande", "FI"), ("Finnland", "FI"), ("フィンランド", "FI"),
        ("USA", "US"), ("United States", "US"), ("Etats-Unis", "US"), ("États-Unis", "US"), ("  norway ", "NO"),
        ("UK", "GB"), ("Deutschland", "DE"), ("España", "ES"), ("Espana", "ES"), ("日本", "JP"),
    ])
    func countries(text: String, code: String) {
        #expect(TimeZoneDirectory.countryCode(for: text) == code)
    }

    @Test("unknown countries", arguments: ["", "Atlantis", "ZZ", "U"])
    func unknownCountries(text: String) {
        #expect(TimeZoneDirectory.countryCode(for: text) == nil)
    }

    @Test("each country keeps its own zone names")
    func ownNames() {
        #expect(TimeZoneDirectory.onlyZone(ofCountry: "NO") == "Europe/Oslo")
        #expect(TimeZoneDirectory.onlyZone(ofCountry: "fi") == "Europe/Helsinki")
        #expect(TimeZoneDirectory.onlyZone(ofCountry: "US") == nil)
        #expect(TimeZoneDirectory.zones(inCountry: "US").count > 20)
    }

    @Test("the zone that agrees with an offset, nearest the place when several do")
    func agreeing() throws {
        let june = try instant("2030-06-15T02:30:00Z")
        let minusSeven = UTCOffset(hours: -7)!
        // Los Angeles (PDT) and Phoenix (MST) are both at -07:00 in June.
        #expect(TimeZoneDirectory.zone(inCountry: "US", agreeingWith: minusSeven, at: june, near: (37.79, -122.39)) == "America/Los_Angeles")
        #expect(TimeZoneDirectory.zone(inCountry: "US", agreeingWith: minusSeven, at: june, near: (33.45, -112.07)) == "America/Phoenix")
        // In January only Denver, Phoenix and the other Mountain zones are at -07:00.
        let january = try instant("2030-01-15T02:30:00Z")
        #expect(TimeZoneDirectory.zone(inCountry: "US", agreeingWith: minusSeven, at: january, near: (37.79, -122.39)) != "America/Los_Angeles")
        #expect(TimeZoneDirectory.zone(inCountry: "FI", agreeingWith: minusSeven, at: june) == nil)
        #expect(TimeZoneDirectory.zone(inCountry: "AU", agreeingWith: UTCOffset(hours: 10)!, at: june, near: (-33.87, 151.21)) == "Australia/Sydney")
    }
}
