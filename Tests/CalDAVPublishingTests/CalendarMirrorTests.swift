import CalDAV
import CalDAVPublishing
import Foundation
import TestSupport
import Testing

/// The calendar's mirror: what a run keeps of the calendar between runs, read back exactly, and
/// never trusted when it is for another calendar or damaged.
@Suite("The calendar's mirror")
struct CalendarMirrorTests {
    static let calendar = "https://caldav.example.com/dav/calendars/ada/trips/"

    static func resource(_ name: String, _ text: String, tag: String? = "\"1\"") -> CalDAVClient.Resource {
        CalDAVClient.Resource(url: URL(string: calendar + name)!, entityTag: tag, calendarData: text)
    }

    @Test("saved and read back: token, URLs, ETags and texts with any bytes (line ends, tabs, non-ASCII), at mode 0600")
    func roundTrip() throws {
        let folder = try TemporaryFolder("mirror")
        var mirror = CalendarMirror(calendar: Self.calendar, token: "http://radicale.org/ns/sync/abc")
        mirror.apply(
            CalDAVClient.Changes(
                token: "data:,5",
                changed: [
                    Self.resource("a.ics", "BEGIN:VCALENDAR\r\nSUMMARY:Dîner\tà deux\r\nEND:VCALENDAR\r\n"),
                    Self.resource("b%20c.ics", "BEGIN:VCALENDAR\nEND:VCALENDAR", tag: nil),
                ], removed: []))
        let path = CalendarMirror.path(besideState: folder.path("state.json"))
        #expect(path == folder.path("state.mirror"))
        try mirror.save(path)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let read = try #require(CalendarMirror.load(path, calendar: Self.calendar))
        #expect(read == mirror)
        #expect(read.token == "data:,5")

        var next = read
        next.apply(CalDAVClient.Changes(token: "data:,6", changed: [Self.resource("a.ics", "changed", tag: "\"2\"")], removed: [URL(string: Self.calendar + "b%20c.ics")!]))
        #expect(next.resources.count == 1)
        #expect(next.resources[Self.calendar + "a.ics"]?.calendarData == "changed")
    }

    @Test("entries an earlier run kept for resources outside the calendar are dropped when it is read")
    func outsideEntriesDropped() throws {
        let folder = try TemporaryFolder("mirror")
        var mirror = CalendarMirror(calendar: Self.calendar, token: "t")
        for url in [Self.calendar + "a.ics", "https://caldav.example.com/dav/calendars/bob/x.ics", Self.calendar + "%2e%2e/y.ics", "http://127.0.0.2/z.ics"] {
            mirror.resources[url] = CalDAVClient.Resource(url: URL(string: url)!, entityTag: nil, calendarData: "x")
        }
        let path = folder.path("state.mirror")
        try mirror.save(path)
        let members = CollectionMembers(of: URL(string: Self.calendar)!)
        #expect(CalendarMirror.load(path, calendar: Self.calendar, members: members)?.resources.keys.sorted() == [Self.calendar + "a.ics"])
    }

    @Test("another calendar's, a cut or a damaged file, or none: nil, and the run lists the calendar afresh")
    func untrusted() throws {
        let folder = try TemporaryFolder("mirror")
        let path = folder.path("state.mirror")
        #expect(CalendarMirror.load(path, calendar: Self.calendar) == nil)
        var mirror = CalendarMirror(calendar: Self.calendar, token: "t1")
        mirror.resources[Self.calendar + "a.ics"] = Self.resource("a.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        try mirror.save(path)
        #expect(CalendarMirror.load(path, calendar: Self.calendar + "other/") == nil)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.dropLast(5).write(to: URL(fileURLWithPath: path))
        #expect(CalendarMirror.load(path, calendar: Self.calendar) == nil)
        try Data("reservation-feed calendar mirror 1\n\(Self.calendar)\n\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(CalendarMirror.load(path, calendar: Self.calendar) == nil)
    }
}
