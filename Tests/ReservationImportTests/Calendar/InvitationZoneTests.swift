import Foundation
import Chrono
import Diagnostics
import ICalendar
import ReservationImport
import Reservations
import Testing
import TestSupport

/// Invitations as Outlook and Exchange write them, their zones named the Windows way; three are
/// real (Exchange 2010, Exchange's CDO, Exchange 2007's display name), from python icalendar's
/// tests (`Fixtures/outlook/README.md`).
@Suite("Outlook's and Exchange's zones")
struct InvitationZoneTests {
    static func fixture(_ name: String) -> String { Repository.url("Tests/ReservationImportTests/Fixtures/outlook/\(name)").path }

    private func read(_ name: String) -> ImportResult {
        ReservationImporter(extraction: .none).read(.file(Self.fixture(name)))
    }

    /// The events' starts and ends, in file order.
    private func times(_ result: ImportResult) -> [(start: DateTimeValue?, end: DateTimeValue?)] {
        result.reservations.map { imported in
            guard case .ticketedEvent(let event) = imported.reservation.details else { return (nil, nil) }
            return (event.startTime, event.endTime)
        }
    }

    private func time(_ text: String, _ zone: String?, _ offsetHours: Int, minutes: Int = 0) -> DateTimeValue {
        .dateTime(try! DateTimeValue(iso8601: text).localDateTime!, timeZone: zone, utcOffset: UTCOffset(hours: offsetHours, minutes: minutes))
    }

    private func codes(_ result: ImportResult) -> [DiagnosticCode] { result.diagnostics.map(\.code) }

    @Test("Outlook 2016, a Windows name, four days across Europe's change to summer time: Europe/Berlin, each end on its own clock")
    func acrossSummerTime() {
        let result = read("outlook2016-w-europe-across-dst.ics")
        #expect(result.diagnostics.isEmpty)
        let event = times(result).first
        #expect(event?.start == time("2027-03-26T09:00:00", "Europe/Berlin", 1))
        #expect(event?.end == time("2027-03-29T17:00:00", "Europe/Berlin", 2))
    }

    @Test("Outlook 2016, Pacific Standard Time, across the return to winter time: America/Los_Angeles")
    func acrossWinterTime() {
        let result = read("outlook2016-pacific-across-november.ics")
        #expect(result.diagnostics.isEmpty)
        let event = times(result).first
        #expect(event?.start == time("2027-11-05T08:30:00", "America/Los_Angeles", -7))
        #expect(event?.end == time("2027-11-08T12:00:00", "America/Los_Angeles", -8))
    }

    @Test("Exchange 2010 (real): Eastern Standard Time is America/New_York")
    func exchange2010() {
        let result = read("exchange2010-eastern-standard-time.ics")
        #expect(result.diagnostics.isEmpty)
        #expect(times(result).first?.start == time("2024-10-28T17:00:00", "America/New_York", -4))
    }

    @Test("Exchange 2007 (real): a display name with the rules Brazil kept until 2019 is the city it names")
    func brasilia() {
        let result = read("exchange-display-name-brasilia.ics")
        #expect(result.diagnostics.isEmpty)
        #expect(times(result).first?.start == time("2017-05-11T13:30:00", "America/Sao_Paulo", -3))
    }

    @Test("Exchange 2007, a display name in double quotes on the VTIMEZONE too: the first city it names, by the file's rules")
    func quotedDisplayName() throws {
        let result = read("exchange2007-quoted-display-name.ics")
        #expect(result.diagnostics.isEmpty)
        #expect(times(result).first?.start == time("2027-03-26T08:00:00", "Europe/Amsterdam", 1))
        // The VTIMEZONE was found under its name without the quotes.
        let text = try String(contentsOfFile: Self.fixture("exchange2007-quoted-display-name.ics"), encoding: .utf8)
        let invitation = try ICalendarReader().invitation(text)
        #expect(invitation.events.first?.declaredZones.map(\.name) == ["(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"])
    }

    @Test("Outlook 2003, a display name of its time ((GMT+01.00) … / …): the first city it names")
    func outlook2003DisplayName() {
        let result = read("outlook2003-gmt-display-name.ics")
        #expect(result.diagnostics.isEmpty)
        #expect(times(result).first?.start == time("2027-10-22T15:00:00", "Europe/Amsterdam", 2))
    }

    @Test("Exchange's CDO (real), a name that says only its offsets: a zone with the same clocks, reported as a guess")
    func cdoGuess() throws {
        let result = read("exchange-cdo-gmt-offsets.ics")
        #expect(codes(result) == [.zoneNameGuessed])
        let message = try #require(result.diagnostics.first).message.description
        #expect(message.contains("“GMT +0100 (Standard) / GMT +0200 (Daylight)”") && message.contains("Europe/Berlin"))
        #expect(times(result).first?.start == time("2015-07-03T10:00:00", "Europe/Berlin", 2))
    }

    @Test("Outlook 2003 never updated for the United States' rules of 2007: the file's instant, in America/New_York, reported once a file")
    func oldRules() throws {
        let result = read("outlook2003-eastern-before-2007-rules.ics")
        #expect(codes(result) == [.zoneRulesDiffer])
        let message = try #require(result.diagnostics.first).message.description
        #expect(message.contains("UTC-05:00") && message.contains("UTC-04:00") && message.contains("America/New_York"))
        // 09:00 at UTC-05:00 by the file's rules is 10:00 in New York, already on summer time.
        let event = times(result).first
        #expect(event?.start == time("2027-03-20T10:00:00", "America/New_York", -4))
        #expect(event?.end == time("2027-03-20T11:00:00", "America/New_York", -4))
    }

    @Test("a Windows name without a VTIMEZONE: its zone, the wall time as written")
    func withoutVTimezone() {
        let result = read("windows-name-without-vtimezone.ics")
        #expect(result.diagnostics.isEmpty)
        #expect(times(result).first?.start == time("2027-10-04T10:00:00", "Asia/Tokyo", 9))
    }

    @Test("names nothing places: the file's offsets in UTC, or floating without a definition; each reported")
    func unknown() {
        let result = read("unknown-zone-names.ics")
        #expect(codes(result) == [.zoneNameUnknown, .zoneNameUnknown])
        let events = times(result)
        #expect(events.first?.start == time("2027-05-05T10:00:00", nil, 1, minutes: 23))
        #expect(events.last?.start == .dateTime(try! DateTimeValue(iso8601: "2027-05-06T10:00:00").localDateTime!, timeZone: nil, utcOffset: nil))
    }
}

extension InvitationZoneTests {
    /// An invitation of `count` events named by one Windows zone's VTIMEZONE, the n-th in year
    /// `year(n)`.
    static func invitation(events count: Int, year: (Int) -> Int) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Outlook-like//EN", "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        for index in 0..<count {
            let year = String(year(index))
            lines += [
                "BEGIN:VEVENT", "UID:event-\(index)@test.example", "DTSTAMP:20270101T000000Z", "SUMMARY:Event \(index)",
                "DTSTART;TZID=W. Europe Standard Time:\(year)0615T090000", "DTEND;TZID=W. Europe Standard Time:\(year)0615T100000", "END:VEVENT",
            ]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test("a file of many events over many years, or of dates far off, reads its VTIMEZONE a bounded number of times")
    func boundedDeclarations() throws {
        // 300 events, each in a year of its own from 1900 on: 64 spans are read, the rest taken
        // as Windows names without a check.
        let many = try ICalendarReader().invitation(Self.invitation(events: 300) { 1900 + $0 })
        #expect(many.events.count == 300)
        #expect(many.events.filter { !$0.declaredZones.isEmpty }.count == 64)
        #expect(many.eventsWithUnreadZones == 236)
        let result = CalendarFileReader().read(Array(Self.invitation(events: 300) { 1900 + $0 }.utf8), source: .file("many.ics"))
        #expect(result.reservations.count == 300)
        // Said once: which events went unchecked, and why. (The early years' own clocks, which
        // no zone of the name kept then, are said once too.)
        let limits = result.diagnostics.filter { $0.code == .limit }
        #expect(limits.count == 1)
        #expect(limits.first?.message.description.contains("the zones of 236 of its events were taken by their names alone") == true)
        #expect(result.diagnostics.allSatisfy { [.limit, .zoneRulesDiffer].contains($0.code) })
        // Each in a zone of W. Europe Standard Time's: in years Germany's clocks were not the
        // file's, another country's zone that kept them then.
        let zones = result.reservations.map { imported -> String in
            guard case .ticketedEvent(let event) = imported.reservation.details else { return "" }
            return event.startTime?.timeZone ?? ""
        }
        #expect(zones.allSatisfy { $0.hasPrefix("Europe/") || $0 == "Arctic/Longyearbyen" }, "\(Set(zones))")
        #expect(zones.suffix(100).allSatisfy { $0 == "Europe/Berlin" }, "\(Set(zones.suffix(100)))")
        // Far off: no declaration is read, and the name still stands for its zone.
        let far = try ICalendarReader().invitation(Self.invitation(events: 2) { $0 == 0 ? 9998 : 1601 })
        #expect(far.events.allSatisfy { $0.declaredZones.isEmpty })
        #expect(far.eventsWithUnreadZones == 2)
        // Events of one year share one reading.
        let same = try ICalendarReader().invitation(Self.invitation(events: 200) { _ in 2027 })
        #expect(same.events.allSatisfy { $0.declaredZones.count == 1 })
        #expect(same.eventsWithUnreadZones == 0)
    }
}

extension InvitationZoneTests {
    @Test("a file whose definition no zone of its name keeps, or that names a zone nothing places, says so once, not once an event")
    func reportedOnce() throws {
        // The fixture's one event, fifty times over: one warning for the file.
        let text = try String(contentsOfFile: Self.fixture("outlook2003-eastern-before-2007-rules.ics"), encoding: .utf8)
        let begin = try #require(text.range(of: "BEGIN:VEVENT"))
        let end = try #require(text.range(of: "END:VEVENT\r\n"))
        let event = String(text[begin.lowerBound..<end.upperBound])
        let events = (0..<50).map { event.replacingOccurrences(of: "UID:", with: "UID:\($0)-") }.joined()
        let many = text.replacingOccurrences(of: event, with: events)
        let result = CalendarFileReader().read(Array(many.utf8), source: .file("many.ics"))
        #expect(result.reservations.count == 50)
        #expect(result.diagnostics.map(\.code) == [.zoneRulesDiffer])
    }
}
