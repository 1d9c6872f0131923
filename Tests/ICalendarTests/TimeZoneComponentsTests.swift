import Chrono
import EventModel
import Foundation
import TestSupport
import Testing

@testable import ICalendar

@Suite("VTIMEZONEs every client reads alike")
struct TimeZoneComponentsTests {
    /// Zones with unusual rules: southern hemisphere, half-hour and 45-minute offsets, DST of half
    /// an hour (Lord Howe), negative DST (Dublin, Casablanca's Ramadan), rules that break (Cairo's
    /// change at 24:00 on Thursdays), yearly decisions (Gaza), and the ordinary ones.
    static let zones = [
        "Africa/Cairo", "Africa/Casablanca", "Africa/El_Aaiun", "America/Santiago", "America/Asuncion", "Pacific/Easter",
        "Australia/Lord_Howe", "Australia/Sydney", "Australia/Adelaide", "Pacific/Auckland", "Pacific/Chatham",
        "Asia/Tehran", "Asia/Jerusalem", "Asia/Gaza", "Asia/Beirut", "Europe/London", "Europe/Dublin", "Europe/Berlin",
        "Europe/Helsinki", "Europe/Chisinau", "America/New_York", "America/Havana", "America/St_Johns", "America/Nuuk",
        "America/Scoresbysund", "America/Miquelon", "America/Los_Angeles", "Atlantic/Azores", "Pacific/Norfolk",
        "Antarctica/Troll", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Eucla", "Pacific/Kiritimati",
        "Antarctica/Macquarie", "Pacific/Fiji", "America/Adak", "Asia/Tokyo", "Europe/Moscow", "America/Sao_Paulo",
    ]

    /// Events at and around every change of the zone's clocks from 2027 through 2030: 90 and 30
    /// minutes before and after, and at the change itself, each as its zone shows it.
    static func eventsAroundChanges(in zone: String) throws -> [CalendarEvent] {
        let from = try Instant(iso8601: "2027-01-01T00:00:00Z")
        let to = try Instant(iso8601: "2031-01-01T00:00:00Z")
        let changes = try #require(TimeZoneRules.transitions(in: zone, from: from, to: to))
        var events: [CalendarEvent] = []
        // Zones without changes get one event in each year.
        let instants = changes.isEmpty ? [from.adding(seconds: 86_400 * 40)] : changes.map(\.instant)
        for (number, instant) in instants.enumerated() {
            for minutes in [-90, -30, 0, 30, 90] {
                let start = try #require(EventTime.zoned(instant: instant.adding(seconds: Int64(minutes * 60)), in: zone))
                let end = try #require(EventTime.zoned(instant: start.instant.adding(seconds: 3600), in: zone))
                events.append(CalendarEvent(uid: "\(zone)-\(number)\(minutes)", summary: "\(zone) \(minutes)", start: start, end: end))
            }
        }
        return events
    }

    @Test("events around the clock changes of 40 zones reach Thunderbird and the other parsers as the tz database says")
    func aroundChanges() throws {
        let folder = try TemporaryFolder("zones")
        var paths: [String] = []
        var repeated = 0
        for zone in Self.zones {
            let events = try Self.eventsAroundChanges(in: zone)
            repeated += events.filter { $0.start.isRepeatedWallTime }.count
            let text = try ICalendarWriter().document(
                CalendarProperties(productIdentifier: "-//ReservationFeed//tests//EN"), events: events,
                stamp: try Instant(iso8601: "2026-11-01T00:00:00Z"))
            let path = folder.path(zone.replacingOccurrences(of: "/", with: "-") + ".ics")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // The repeated hours are there to be tested: half an hour after each fall-back.
        #expect(repeated > 50)
        let verdict = try ICSValidator.validate(paths)
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("a wall time that occurs twice is written as its instant in UTC; the others with their zone")
    func repeatedWallTimes() throws {
        let first = try #require(EventTime.zoned(instant: try Instant(iso8601: "2030-10-27T00:30:00Z"), in: "Europe/Berlin"))
        let second = try #require(EventTime.zoned(instant: try Instant(iso8601: "2030-10-27T01:30:00Z"), in: "Europe/Berlin"))
        let after = try #require(EventTime.zoned(instant: try Instant(iso8601: "2030-10-27T02:30:00Z"), in: "Europe/Berlin"))
        // Both read 02:30 on Berlin's clocks.
        #expect(first.localDateTime == second.localDateTime)
        let writer = ICalendarWriter()
        let stamp = try Instant(iso8601: "2030-10-01T00:00:00Z")
        let lines = { (time: EventTime) in
            try writer.text(of: CalendarEvent(uid: "x", summary: "x", start: time), stamp: stamp)
                .components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }
        }
        #expect(try lines(first) == ["DTSTART:20301027T003000Z"])
        #expect(try lines(second) == ["DTSTART:20301027T013000Z"])
        #expect(try lines(after) == ["DTSTART;TZID=Europe/Berlin:20301027T033000"])
        // A zone only the repeated time would use needs no VTIMEZONE.
        #expect(TimeZoneSpans([CalendarEvent(uid: "x", summary: "x", start: second)]).isEmpty)
    }

    @Test("a zone with yearly rules has one STANDARD and one DAYLIGHT, each with an RRULE and a local DTSTART")
    func regularZone() throws {
        let observances = try #require(TimeZoneComponents.observances(of: "Europe/Berlin", span: .init(firstYear: 2030, lastYear: 2031)))
        #expect(observances.map(\.to.abbreviation) == ["CEST", "CET"])
        #expect(observances.map(\.rule) == ["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"])
        #expect(observances.map(\.onset.description) == ["2029-03-25T02:00:00", "2029-10-28T03:00:00"])
        let text = try TimeZoneComponents.text(for: "America/Santiago", covering: .init(firstYear: 2030, lastYear: 2030))
        #expect(!text.contains("RDATE"))
        #expect(!text.contains("X-LIC-LOCATION"))
    }

    @Test("irregular changes are observances of their own, with no RDATE (Thunderbird drops the DTSTART of those)")
    func irregularZone() throws {
        let text = try TimeZoneComponents.text(for: "Africa/Casablanca", covering: .init(firstYear: 2027, lastYear: 2029))
        #expect(!text.contains("RDATE"))
        let starts = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }
        // Ramadan moves 11 days a year: two changes a year, none of them yearly.
        #expect(starts.count >= 8)
        #expect(starts.allSatisfy { !$0.hasSuffix("Z") })
    }

    @Test("a zone without changes has one observance before every event (Tokyo)")
    func fixedZone() throws {
        let observances = try #require(TimeZoneComponents.observances(of: "Asia/Tokyo", span: .init(firstYear: 2030, lastYear: 2030)))
        #expect(observances.count == 1)
        #expect(observances.first?.onset.description == "2029-01-01T09:00:00")
        #expect(observances.first?.from == observances.first?.to.offset)
    }
}
