import Chrono
import EventModel
import Foundation
import TestSupport
import Testing

@testable import ICalendar

@Suite("Writing iCalendar through libical")
struct ICalendarWriterTests {
    static let properties = CalendarProperties(
        productIdentifier: "-//ReservationFeed//tests//EN", name: "Trips; A, B", description: "Test calendar")
    static let stamp = try! Instant(iso8601: "2030-06-10T09:00:00Z")

    static func local(_ text: String) -> LocalDateTime {
        try! DateTimeValue(iso8601: text).localDateTime!
    }

    static let events: [CalendarEvent] = [
        CalendarEvent(
            uid: "ab98bb6d-527e-504c-ab88-8e0857b1bc1e", summary: "Flight AY 20 · SFO → HEL",
            start: .zoned(local("2030-06-15T17:55"), in: "America/Los_Angeles"),
            end: .zoned(local("2030-06-16T14:05"), in: "Europe/Helsinki"),
            notes: "Reservation number: K7P2QX\nSeat: 23A", location: "San Francisco International Airport (SFO)",
            geo: GeoCoordinate(latitude: 37.6188, longitude: -122.3758),
            structuredLocation: StructuredLocation(
                title: "San Francisco International Airport", address: "San Francisco, CA; USA",
                coordinate: GeoCoordinate(latitude: 37.6188, longitude: -122.3758)),
            status: .confirmed, travelTime: 5_400, url: "https://airline.example.com/manage/K7P2QX",
            alarms: [
                EventAlarm(trigger: .at(try! Instant(iso8601: "2030-06-14T22:55:00Z")), message: "Check-in is open", url: "https://airline.example.com/check-in"),
                EventAlarm(trigger: .beforeStart(seconds: 900), message: "Boarding soon"),
            ],
            categories: ["Flight"]),
        CalendarEvent(
            uid: "stay-1", summary: "Hotel · Glo Hotel Sello", start: .date(LocalDate(year: 2030, month: 6, day: 16)!),
            end: .date(LocalDate(year: 2030, month: 6, day: 19)!), status: .cancelled, transparency: .transparent,
            sequence: 2, stamp: try! Instant(iso8601: "2030-06-06T18:13:20Z"),
            lastModified: try! Instant(iso8601: "2030-06-06T18:13:20Z")),
        CalendarEvent(uid: "utc-1", summary: "In UTC", start: .utc(local("2030-06-15T02:30")), end: .utc(local("2030-06-15T04:30"))),
        CalendarEvent(uid: "floating-1", summary: "Floating", start: .floating(local("2030-06-15T19:30"))),
        CalendarEvent(
            uid: "tokyo-1", summary: "No DST in Tokyo", start: .zoned(local("2030-06-15T19:30"), in: "Asia/Tokyo"),
            end: .zoned(local("2030-06-15T21:30"), in: "Asia/Tokyo")),
    ]

    private func document(_ events: [CalendarEvent] = events) throws -> String {
        try ICalendarWriter().document(Self.properties, events: events, stamp: Self.stamp)
    }

    @Test("a document matches its golden file")
    func golden() throws {
        let text = try document()
        let mismatch = Golden.mismatch(text, golden: "Tests/ICalendarTests/Golden/writer.ics")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("the document passes the independent checker")
    func valid() throws {
        let verdict = try ICSValidator.validate(text: try document())
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("plain IANA TZIDs, one VTIMEZONE per zone used, no vendor prefix")
    func zones() throws {
        let text = try document()
        #expect(!text.contains("freeassociation"))
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count - 1 == 3)
        for zone in ["America/Los_Angeles", "Europe/Helsinki", "Asia/Tokyo"] {
            #expect(text.contains("\r\nTZID:\(zone)\r\n"))
        }
        #expect(text.contains("DTSTART;TZID=America/Los_Angeles:20300615T175500\r\n"))
        #expect(text.contains("DTEND;TZID=Europe/Helsinki:20300616T140500\r\n"))
        #expect(!text.contains("TZUNTIL"))
    }

    @Test("each VTIMEZONE keeps one current STANDARD/DAYLIGHT pair at most")
    func truncated() throws {
        let text = try document()
        let zones = text.components(separatedBy: "BEGIN:VTIMEZONE").dropFirst()
        for zone in zones {
            let body = zone.components(separatedBy: "END:VTIMEZONE")[0]
            #expect(body.components(separatedBy: "BEGIN:STANDARD").count - 1 <= 1)
            #expect(body.components(separatedBy: "BEGIN:DAYLIGHT").count - 1 <= 1)
            #expect(body.contains("BEGIN:STANDARD") || body.contains("BEGIN:DAYLIGHT"))
        }
    }

    @Test("every line ends with CRLF and none is longer than 75 octets")
    func lines() throws {
        let text = try document()
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        for line in text.utf8.split(separator: 0x0A) {
            #expect(line.last == 0x0D)
            #expect(line.count - 1 <= 75)
        }
    }

    @Test("calendar names are escaped in NAME and X-WR-CALNAME alike")
    func names() throws {
        let text = try document()
        #expect(text.contains("\r\nNAME:Trips\\; A\\, B\r\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:Trips\\; A\\, B\r\n"))
    }

    @Test("hostile text stays inert and intact")
    func hostile() throws {
        let nasty = "Line one\r\nBEGIN:VEVENT\nEND:VCALENDAR; a, b \\ c \\n\u{0}\u{7}" + String(repeating: "👩🏽‍🚀e\u{301}\\n", count: 30)
        let event = CalendarEvent(
            uid: "hostile,1;\\", summary: nasty, start: .utc(Self.local("2030-06-15T02:30")), notes: nasty, location: nasty,
            structuredLocation: StructuredLocation(title: nasty, address: "\"quoted\"; a, b", coordinate: GeoCoordinate(latitude: 1, longitude: 2)),
            url: "https://x.example/a b\nc", categories: ["A, B"])
        let text = try document([event])
        #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count == 2)
        let verdict = try ICSValidator.validate(text: text)
        #expect(verdict.passed, "\(verdict.report)")
        let unfolded = text.replacing("\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Line one\\nBEGIN:VEVENT\\nEND:VCALENDAR\\; a\\, b \\\\ c \\\\n👩🏽‍🚀e\u{301}\\\\n"))
        #expect(!unfolded.contains("\u{0}"))
        #expect(unfolded.contains("URL:https://x.example/a%20bc\r\n"))
    }

    @Test("a zone the tz database does not have is an error, not a broken file")
    func unknownZone() {
        let event = CalendarEvent(uid: "x", summary: "x", start: .zoned(Self.local("2030-06-15T19:30"), in: "Mars/Olympus_Mons"))
        #expect(throws: ICalendarError.unknownTimeZone("Mars/Olympus_Mons")) { try document([event]) }
    }

    @Test("writing in chunks gives the same text, whatever the number of threads")
    func chunks() throws {
        // Enough events for several batches and several runs per thread.
        let many = (0..<(ICalendarWriter.batchSize * 2 + 77)).map { index in
            var event = Self.events[index % Self.events.count]
            event.uid = "event-\(index)"
            return event
        }
        var texts: [[UInt8]] = []
        for concurrency in [1, 2, 4] {
            var chunks: [[UInt8]] = []
            try ICalendarWriter(concurrency: concurrency).write(Self.properties, events: many, stamp: Self.stamp) { chunks.append($0) }
            // The opening, one chunk per batch, the closing.
            #expect(chunks.count == 1 + 3 + 1)
            texts.append(Array(chunks.joined()))
        }
        #expect(texts.allSatisfy { $0 == texts[0] })
        let document = try ICalendarWriter().document(Self.properties, events: many, stamp: Self.stamp)
        #expect(String(decoding: texts[0], as: UTF8.self) == document)
        #expect(document.components(separatedBy: "BEGIN:VEVENT\r\n").count == many.count + 1)
    }
}
