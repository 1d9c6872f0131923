@testable import Chrono
import Testing

@Suite("Zones as documents declare them")
struct DeclaredZoneTests {
    static func instant(_ text: String) -> Instant { try! Instant(iso8601: text) }

    /// A year of a zone's clocks as a file would declare them: what the tz database gives.
    static func declared(_ zone: String, year: Int = 2027) -> DeclaredZone {
        DeclaredZone(name: zone, from: instant("\(year)-01-01T00:00:00Z"), to: instant("\(year + 1)-01-01T00:00:00Z")) {
            TimeZoneRules.offset(in: zone, at: $0)
        }!
    }

    /// The United States' rules before 2007 (first Sunday of April to last Sunday of October, at
    /// 02:00), as an Outlook that was never updated still declares Eastern time.
    static func easternBefore2007(_ instant: Instant) -> UTCOffset? {
        let local = instant.localDateTime(at: UTCOffset(hours: -5)!)
        let year = local.date.year
        func sunday(month: Int, last: Bool) -> LocalDate {
            var day = LocalDate(year: year, month: month, day: last ? 31 : 1)!
            while day.isoWeekday != 7 { day = day.adding(days: last ? -1 : 1) }
            return day
        }
        let start = LocalDateTime(date: sunday(month: 4, last: false), time: LocalTime(hour: 2, minute: 0)!).instant(at: UTCOffset(hours: -5)!)
        let end = LocalDateTime(date: sunday(month: 10, last: true), time: LocalTime(hour: 2, minute: 0)!).instant(at: UTCOffset(hours: -4)!)
        return instant >= start && instant < end ? UTCOffset(hours: -4) : UTCOffset(hours: -5)
    }

    @Test("read once a day, a zone's changes are found to the second", arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata"])
    func changesFound(zone: String) throws {
        let declared = Self.declared(zone)
        let transitions = try #require(TimeZoneRules.transitions(in: zone, from: declared.start, to: declared.end))
        let changes = transitions.filter { $0.before.offset != $0.after.offset }.map { DeclaredZone.Change(instant: $0.instant, offset: $0.after.offset) }
        #expect(declared.changes == changes)
        #expect(declared.initialOffset == TimeZoneRules.offset(in: zone, at: declared.start))
        #expect(declared.disagreement(with: zone, from: declared.start, to: declared.end) == nil)
    }

    @Test("a zone with the same rules agrees; one with other rules disagrees where they first differ")
    func disagreement() throws {
        let berlin = Self.declared("Europe/Berlin")
        #expect(berlin.disagreement(with: "Europe/Paris", from: berlin.start, to: berlin.end) == nil)
        let london = try #require(berlin.disagreement(with: "Europe/London", from: berlin.start, to: berlin.end))
        #expect(london.instant == berlin.start && london.declared == UTCOffset(hours: 1) && london.zone == .zero)
        #expect(berlin.disagreement(with: "Africa/Lagos", from: Self.instant("2027-01-10T00:00:00Z"), to: Self.instant("2027-01-20T00:00:00Z")) == nil)
        let lagos = try #require(berlin.disagreement(with: "Africa/Lagos", from: Self.instant("2027-03-26T00:00:00Z"), to: Self.instant("2027-03-30T00:00:00Z")))
        #expect(lagos.instant == Self.instant("2027-03-28T01:00:00Z"))
        #expect(lagos.declared == UTCOffset(hours: 2) && lagos.zone == UTCOffset(hours: 1))
        let unknown = try #require(berlin.disagreement(with: "Mars/Olympus_Mons", from: berlin.start, to: berlin.end))
        #expect(unknown.zone == nil)
    }

    @Test("Eastern time by the rules before 2007 disagrees with New York's from the second Sunday of March")
    func oldRules() throws {
        let declared = try #require(
            DeclaredZone(name: "Eastern Standard Time", from: Self.instant("2027-01-01T00:00:00Z"), to: Self.instant("2028-01-01T00:00:00Z"), offset: Self.easternBefore2007))
        #expect(declared.changes.map(\.instant) == [Self.instant("2027-04-04T07:00:00Z"), Self.instant("2027-10-31T06:00:00Z")])
        let found = try #require(declared.disagreement(with: "America/New_York", from: declared.start, to: declared.end))
        #expect(found.instant == Self.instant("2027-03-14T07:00:00Z"))
        #expect(found.declared == UTCOffset(hours: -5) && found.zone == UTCOffset(hours: -4))
        // Over a week in June they agree.
        #expect(declared.disagreement(with: "America/New_York", from: Self.instant("2027-06-01T00:00:00Z"), to: Self.instant("2027-06-08T00:00:00Z")) == nil)
    }

    @Test("a change declared a second before the zone's (Outlook's T235959 for midnight) is no disagreement")
    func secondEarlier() {
        let zone = "America/Sao_Paulo"  // changed at midnight, local time, until 2019
        let declared = DeclaredZone(name: "(UTC-03:00) Brasília", from: Self.instant("2017-01-01T00:00:00Z"), to: Self.instant("2018-01-01T00:00:00Z")) { instant in
            TimeZoneRules.offset(in: zone, at: Instant(secondsSinceEpoch: instant.secondsSinceEpoch + 1))
        }!
        #expect(declared.changes.count == 2)
        #expect(declared.disagreement(with: zone, from: declared.start, to: declared.end) == nil)
    }

    @Test("the declared offset before, between and after changes")
    func offsets() {
        let berlin = Self.declared("Europe/Berlin")
        #expect(berlin.offset(at: Self.instant("2027-02-01T00:00:00Z")) == UTCOffset(hours: 1))
        #expect(berlin.offset(at: Self.instant("2027-07-01T00:00:00Z")) == UTCOffset(hours: 2))
        #expect(berlin.offset(at: Self.instant("2027-12-01T00:00:00Z")) == UTCOffset(hours: 1))
    }
}
