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
