import Chrono
import EventModel
import Foundation
import TestSupport
import Testing

@testable import ICalendar

@Suite("Reading a feed back through libical")
struct ICalendarReaderTests {
    @Test("what the writer wrote reads back into the same events, and writes again to the same bytes")
    func roundTrip() throws {
        let written = try ICalendarWriter().document(
            ICalendarWriterTests.properties, events: ICalendarWriterTests.events, stamp: ICalendarWriterTests.stamp)
        let document = try ICalendarReader().read(written)
        #expect(document.problems.isEmpty)
        #expect(document.events.map(\.uid) == ICalendarWriterTests.events.map(\.uid))
        let rewritten = try ICalendarWriter().document(
            ICalendarWriterTests.properties, events: document.events, stamp: try Instant(iso8601: "2031-01-01T00:00:00Z"))
        #expect(rewritten == written)
    }

    @Test("a trip's children and a connection's siblings are written as RELATED-TO with their RELTYPE and read back; a PARENT (the default) is not ours and is not read")
    func relations() throws {
        var event = ICalendarWriterTests.events[0]
        event.relations = [EventRelation(.child, "a@example.com"), EventRelation(.sibling, "b;c,d")]
        let text = String(decoding: try ICalendarWriter().eventText(event, stamp: ICalendarWriterTests.stamp), as: UTF8.self)
        #expect(text.contains("\r\nRELATED-TO;RELTYPE=CHILD:a@example.com\r\nRELATED-TO;RELTYPE=SIBLING:b\\;c\\,d\r\n"), "\(text)")
        let again = try ICalendarReader().event(in: Array(text.utf8)[...])
        #expect(again.relations == event.relations)
        #expect(again.isDerived)
        let parent = text.replacingOccurrences(of: "RELTYPE=CHILD", with: "RELTYPE=PARENT")
        #expect(try ICalendarReader().event(in: Array(parent.utf8)[...]).relations == [EventRelation(.sibling, "b;c,d")])
        let plain = String(decoding: try ICalendarWriter().eventText(ICalendarWriterTests.events[0], stamp: ICalendarWriterTests.stamp), as: UTF8.self)
        #expect(!plain.contains("RELATED-TO"))
    }

    @Test("a program's own X- properties are written after the event's, read back when asked for, and only then; events without them have none")
    func extensionProperties() throws {
        let event = ICalendarWriterTests.events[0]
        let mark = ["X-RESERVATION-FEED-DIGEST": "G2FT5PRlwaquVZPZYSWV7rHS"]
        let text = String(decoding: try ICalendarWriter().eventText(event, stamp: ICalendarWriterTests.stamp, extensions: mark), as: UTF8.self)
        #expect(text.contains("\r\nX-RESERVATION-FEED-DIGEST:G2FT5PRlwaquVZPZYSWV7rHS\r\n"))
        let again = try ICalendarReader().event(in: Array(text.utf8)[...])
        #expect(String(decoding: try ICalendarWriter().eventText(again, stamp: ICalendarWriterTests.stamp, extensions: mark), as: UTF8.self) == text)
        let document = try ICalendarWriter().document(
            ICalendarWriterTests.properties, events: ICalendarWriterTests.events, stamp: ICalendarWriterTests.stamp, extensions: [event.uid: mark])
        let keeping = ICalendarReader(keeping: ["X-RESERVATION-FEED-DIGEST"])
        let read = try keeping.read(document)
        #expect(read.extensions == [event.uid: mark])
        #expect(try ICalendarReader().read(document).extensions.isEmpty)
        // Written again with its mark, the event gives the same text.
        #expect(
            try ICalendarWriter().document(
                ICalendarWriterTests.properties, events: read.events, stamp: ICalendarWriterTests.stamp, extensions: read.extensions) == document)
    }

    @Test("an X- property that is not one, or whose value would need escaping, is refused rather than written wrong", arguments: [
        ["DIGEST": "abc"], ["X-": "abc"], ["X-MARK": "a,b"], ["X-MARK": "a;b"], ["X-MARK": ""], ["X-MARK": "line\nbreak"],
    ])
    func extensionPropertiesRefused(extensions: [String: String]) {
        #expect(throws: ICalendarError.self) {
            try ICalendarWriter().eventText(ICalendarWriterTests.events[0], stamp: ICalendarWriterTests.stamp, extensions: extensions)
        }
    }

    @Test("a structured location cut at its comma, as Radicale stores it, takes its longitude from GEO")
    func structuredLocationCutByServer() throws {
        let text = """
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART:20300614T193000Z\r
            GEO:37.792400;-122.390600\r
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=70;X-TITLE=EPIC Steak:geo:37.792400\r
            END:VEVENT\r

            """
        let event = try ICalendarReader().event(in: Array(text.utf8)[...])
        #expect(event.structuredLocation?.coordinate == GeoCoordinate(latitude: 37.7924, longitude: -122.3906))
        // Without a GEO that agrees, the cut value is not a place.
        let alone = try ICalendarReader().event(in: Array(text.replacingOccurrences(of: "GEO:37.792400;", with: "GEO:1.0;").utf8)[...])
        #expect(alone.structuredLocation == nil)
    }

    @Test("Apple's travel time reads back in seconds, as Apple writes it or as other programs do; one that is no duration, negative or over a day is none")
    func travelTime() throws {
        func read(_ value: String) throws -> Int? {
            let text = "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20300614T193000Z\r\n\(value)\r\nEND:VEVENT\r\n"
            return try ICalendarReader().event(in: Array(text.utf8)[...]).travelTime
        }
        #expect(try read("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT45M") == 2_700)
        #expect(try read("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT1H30M") == 5_400)
        #expect(try read("X-APPLE-TRAVEL-DURATION:PT15M") == 900)
        #expect(try read("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:-PT15M") == nil)
        #expect(try read("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:P2D") == nil)
        #expect(try read("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:soon") == nil)
        #expect(try read("X-OTHER:PT15M") == nil)
    }

    @Test("fields come back as values")
    func values() throws {
        let written = try ICalendarWriter().document(
            ICalendarWriterTests.properties, events: ICalendarWriterTests.events, stamp: ICalendarWriterTests.stamp)
        let events = try ICalendarReader().read(written).events
        let flight = try #require(events.first)
        #expect(flight.start == ICalendarWriterTests.events[0].start)
        #expect(flight.end == ICalendarWriterTests.events[0].end)
        #expect(flight.summary == "Flight AY 20 · SFO → HEL")
        #expect(flight.status == .confirmed)
        #expect(flight.stamp == ICalendarWriterTests.stamp)
        #expect(flight.structuredLocation?.address == "San Francisco, CA; USA")
        #expect(flight.alarms.map(\.trigger) == ICalendarWriterTests.events[0].alarms.map(\.trigger))
        let stay = events[1]
        #expect(stay.sequence == 2)
        #expect(stay.status == .cancelled)
        #expect(stay.transparency == .transparent)
        #expect(stay.start == .date(LocalDate(year: 2030, month: 6, day: 16)!))
        #expect(events[2].start == ICalendarWriterTests.events[2].start)
        #expect(events[3].start == ICalendarWriterTests.events[3].start)
    }

    @Test("hostile text survives the round trip")
    func hostile() throws {
        let nasty = "Line\r\nBEGIN:VEVENT; a, b \\ c \\n" + String(repeating: "👩🏽‍🚀e\u{301}\\n", count: 20)
        let event = CalendarEvent(
            uid: "x;1,\\", summary: nasty, start: .utc(ICalendarWriterTests.local("2030-06-15T02:30")), notes: nasty)
        let written = try ICalendarWriter().document(ICalendarWriterTests.properties, events: [event], stamp: ICalendarWriterTests.stamp)
        let back = try #require(try ICalendarReader().read(written).events.first)
        #expect(back.uid == "x;1,\\")
        #expect(back.summary == "Line\nBEGIN:VEVENT; a, b \\ c \\n" + String(repeating: "👩🏽‍🚀e\u{301}\\n", count: 20))
        #expect(try ICalendarWriter().document(ICalendarWriterTests.properties, events: [back], stamp: ICalendarWriterTests.stamp) == written)
    }

    @Test("events without a UID or a start are left out and named; non-iCalendar text is an error")
    func problems() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:no uid\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:no start\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let document = try ICalendarReader().read(text)
        #expect(document.events.map(\.uid) == ["b"])
        #expect(document.problems == ["the event at position 1 has no UID", "the event at position 2 (UID a) has no readable DTSTART"])
        #expect(throws: ICalendarReadError.self) { try ICalendarReader().read("hello") }
        #expect(throws: ICalendarReadError.self) { try ICalendarReader().read("BEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\n") }
    }
}
