import Chrono
import EventModel
import Foundation
import Testing

@testable import ICalendar

@Suite("Finding the events of a feed without parsing them")
struct ICalendarEventIndexTests {
    static func document() throws -> [UInt8] {
        Array(
            try ICalendarWriter().document(
                ICalendarWriterTests.properties, events: ICalendarWriterTests.events, stamp: ICalendarWriterTests.stamp
            ).utf8)
    }

    @Test("each entry is one VEVENT, and its hints are what libical reads from it")
    func agreesWithLibical() throws {
        let bytes = try Self.document()
        let index = try ICalendarEventIndex(bytes)
        #expect(index.problems.isEmpty)
        #expect(index.entries.count == ICalendarWriterTests.events.count)
        for entry in index.entries {
            let text = bytes[entry.range]
            #expect(text.starts(with: Array("BEGIN:VEVENT\r\n".utf8)))
            #expect(text.reversed().starts(with: Array("END:VEVENT\r\n".utf8).reversed()))
            let event = try ICalendarReader().event(in: text)
            #expect(entry.uid == event.uid)
            #expect(entry.sequence == event.sequence)
            #expect(entry.stamp == event.stamp)
            #expect(entry.lastModified == event.lastModified)
        }
        // The writer's own text for each event is exactly its range.
        for (entry, event) in zip(index.entries, ICalendarWriterTests.events) {
            #expect(Array(bytes[entry.range]) == (try ICalendarWriter().eventText(event, stamp: ICalendarWriterTests.stamp)))
        }
    }

    @Test("folded and escaped UIDs, lower-case names, LF line ends, alarms inside")
    func handWritten() throws {
        let text = """
            begin:vcalendar\nversion:2.0\nbegin:vevent\nuid:a-very-long-uid-that-someone-folded-by-hand-because-their-editor-wra\n pped-it\\,still-one\nsequence:7\ndtstamp:20300101T000000Z\n\
            dtstart:20300102T100000Z\nbegin:valarm\nuid:not-this-one\nsequence:99\nend:valarm\nend:vevent\nend:vcalendar\n
            """
        let index = try ICalendarEventIndex(Array(text.utf8))
        let entry = try #require(index.entries.first)
        #expect(entry.uid == "a-very-long-uid-that-someone-folded-by-hand-because-their-editor-wrapped-it,still-one")
        #expect(entry.sequence == 7)
        #expect(entry.stamp == (try Instant(iso8601: "2030-01-01T00:00:00Z")))
        #expect(entry.lastModified == nil)
        #expect(entry.line == 3)
        let event = try ICalendarReader().event(in: Array(text.utf8)[entry.range])
        #expect(event.uid == entry.uid)
    }

    @Test("an event that is never closed is reported, and the next one still found")
    func unclosed() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nBEGIN:VEVENT\r\nUID:b\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let index = try ICalendarEventIndex(Array(text.utf8))
        #expect(index.problems == ["the VEVENT starting on line 2 is not closed"])
        #expect(index.entries.map(\.uid) == ["b"])
    }

    @Test("text that is not iCalendar is refused", arguments: ["", "my notes", "\r\n\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n"])
    func notICalendar(text: String) {
        #expect(throws: ICalendarReadError.self) { try ICalendarEventIndex(Array(text.utf8)) }
    }

    @Test("a block libical cannot read gives a reason, not a crash")
    func unreadable() {
        #expect(throws: ICalendarReadError.unreadableEvent("has no UID")) {
            try ICalendarReader().event(in: Array("BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n".utf8)[...])
        }
        #expect(throws: ICalendarReadError.self) { try ICalendarReader().event(in: Array("\0\0garbage".utf8)[...]) }
    }
}
