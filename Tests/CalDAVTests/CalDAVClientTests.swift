import CalDAV
import Foundation
import TestSupport
import Testing

/// The CalDAV client against a real server (Radicale, started by the test on loopback).
@Suite("Speaking CalDAV to a real server", .serialized)
struct CalDAVClientTests {
    static func event(_ uid: String, _ summary: String) -> [UInt8] {
        Array(
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:\(uid)\r
            DTSTAMP:20270101T000000Z\r
            DTSTART:20270615T120000Z\r
            DTEND:20270615T140000Z\r
            SUMMARY:\(summary)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
    }

    static let credentials = CalDAVClient.Credentials(user: CalDAVTestServer.user, password: CalDAVTestServer.password)

    @Test("create, list, replace under If-Match, refuse a stale ETag (412), delete; a second create of the same name is refused")
    func lifeCycle() async throws {
        let server = try await CalDAVTestServer(.radicale)
        let client = CalDAVClient(calendar: try await server.makeCalendar("trips"), credentials: Self.credentials)
        try await client.checkCalendar()
        #expect(try await client.events().isEmpty)

        let tag = try await client.create("a1.ics", Self.event("a1", "Dinner"))
        var events = try await client.events()
        #expect(events.count == 1)
        let first = try #require(events.first)
        #expect(first.url.path.hasSuffix("/trips/a1.ics"))
        #expect(first.calendarData.contains("SUMMARY:Dinner"))
        #expect(tag == nil || tag == first.entityTag)
        await #expect(throws: CalDAVError.preconditionFailed(url: client.calendar.appendingPathComponent("a1.ics").absoluteString)) {
            _ = try await client.create("a1.ics", Self.event("a1", "Again"))
        }

        _ = try await client.replace(first.url, Self.event("a1", "Dinner at eight"), entityTag: first.entityTag)
        events = try await client.events()
        #expect(events.first?.calendarData.contains("SUMMARY:Dinner at eight") == true)
        #expect(events.first?.entityTag != first.entityTag)
        // The version read first is stale now: someone else's change is not overwritten.
        await #expect(throws: CalDAVError.preconditionFailed(url: first.url.absoluteString)) {
            _ = try await client.replace(first.url, Self.event("a1", "Mine"), entityTag: first.entityTag)
        }

        try await client.delete(first.url, entityTag: events.first?.entityTag)
        #expect(try await client.events().isEmpty)
        try await client.delete(first.url, entityTag: nil)  // already gone: no error
    }

    @Test("wrong credentials, a URL that is not a calendar, and a server that is down each say so, with the URL")
    func failures() async throws {
        let server = try await CalDAVTestServer(.radicale)
        let calendar = try await server.makeCalendar("trips")
        let wrong = CalDAVClient(calendar: calendar, credentials: .init(user: CalDAVTestServer.user, password: "wrong"))
        await #expect(throws: CalDAVError.refused(url: calendar.absoluteString, status: 401)) { try await wrong.checkCalendar() }

        let home = CalDAVClient(calendar: server.nonCalendar, credentials: Self.credentials)
        await #expect(throws: CalDAVError.notACalendar(url: home.calendar.absoluteString)) { try await home.checkCalendar() }

        server.stop()
        let down = CalDAVClient(calendar: calendar, credentials: Self.credentials)
        do {
            _ = try await down.events()
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.isTransient)
            #expect(error.description.hasPrefix(calendar.absoluteString))
        }
    }

    @Test("sync-collection: everything at first, then only what changed and what was removed; a forgotten token is said; a collection without it answers nil", arguments: CalDAVTestServer.Kind.allCases)
    func changes(kind: CalDAVTestServer.Kind) async throws {
        guard CalDAVTestServer.isAvailable(kind) else {
            Issue.record("\(kind) is not installed in the tools' environment: sync-collection was not tried against it")
            return
        }
        let server = try await CalDAVTestServer(kind)
        let client = CalDAVClient(calendar: try await server.makeCalendar("trips"), credentials: Self.credentials)
        for uid in ["a1", "a2", "a3"] { _ = try await client.create("\(uid).ics", Self.event(uid, "Dinner \(uid)")) }

        #expect(try await client.syncToken()?.isEmpty == false)
        let first = try #require(try await client.changes(since: nil))
        #expect(Set(first.changed.map(\.url.lastPathComponent)) == ["a1.ics", "a2.ics", "a3.ics"])
        #expect(first.changed.allSatisfy { $0.calendarData.contains("SUMMARY:Dinner") && $0.entityTag != nil })
        #expect(first.removed.isEmpty)

        let nothing = try #require(try await client.changes(since: first.token))
        #expect(nothing.changed.isEmpty && nothing.removed.isEmpty)

        let a2 = try #require(first.changed.first { $0.url.lastPathComponent == "a2.ics" })
        _ = try await client.replace(a2.url, Self.event("a2", "Dinner at nine"), entityTag: a2.entityTag)
        try await client.delete(client.calendar.appendingPathComponent("a3.ics"), entityTag: nil)
        _ = try await client.create("a4.ics", Self.event("a4", "Lunch"))
        let next = try #require(try await client.changes(since: nothing.token))
        #expect(Set(next.changed.map(\.url.lastPathComponent)) == ["a2.ics", "a4.ics"])
        #expect(next.changed.first { $0.url.lastPathComponent == "a2.ics" }?.calendarData.contains("SUMMARY:Dinner at nine") == true)
        #expect(next.removed.map(\.lastPathComponent) == ["a3.ics"])
        #expect(next.token != nothing.token)

        // calendar-multiget reads chosen resources.
        let read = try await client.events(at: [a2.url, client.calendar.appendingPathComponent("a4.ics")])
        #expect(Set(read.map(\.url.lastPathComponent)) == ["a2.ics", "a4.ics"])

        if kind == .davical {
            // DAViCal answers a token it does not know with everything, as a first sync.
            #expect(try await client.changes(since: "http://radicale.org/ns/sync/0000")?.changed.count == 3)
        } else {
            await #expect(throws: CalDAVError.syncTokenRefused(url: client.calendar.absoluteString)) {
                _ = try await client.changes(since: "http://radicale.org/ns/sync/0000")
            }
        }
        if kind == .radicale {
            // Radicale offers sync-collection on calendars only.
            #expect(try await CalDAVClient(calendar: server.nonCalendar, credentials: Self.credentials).changes(since: nil) == nil)
        }
    }
}
