import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// What the generator does with files: per-event files, the lock, leftovers of killed runs.
@Suite("Feed files")
struct FeedFilesTests {
    static let now = try! Instant(iso8601: "2030-06-01T09:00:00Z")
    static let trip = Repository.url("Examples/trip").path

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    @Test("--split keeps one valid file per event, in step with the feed, and leaves other files alone")
    func split() throws {
        let folder = try TemporaryFolder("split")
        let feed = folder.path("feed.ics")
        let events = folder.path("events")
        let generator = FeedGenerator(splitFolder: events)
        _ = try generator.generate(inputs: [Self.trip], to: .file(feed), now: Self.now)
        try folder.write("events/notes.ics", "my own notes")
        try folder.write("events/README", "hello")
        var files = try FileManager.default.contentsOfDirectory(atPath: events).filter { $0.hasSuffix(".ics") && $0 != "notes.ics" }.sorted()
        let uids = try PreviousFeed(iCalendar: try read(feed)).events.map(\.uid)
        #expect(files == uids.map { "\($0).ics" }.sorted())
        let verdict = try ICSValidator.validate(files.map { "\(events)/\($0)" })
        #expect(verdict.passed, "\(verdict.report)")
        for uid in uids {
            let single = try PreviousFeed(iCalendar: try read("\(events)/\(uid).ics")).events
            #expect(single.map(\.uid) == [uid])
        }

        // The flight leaves the input: its file follows the feed, the others are not rewritten.
        let flight = try #require(try PreviousFeed(iCalendar: try read(feed)).events.first { $0.categories == ["Flight"] })
        let hotel = try #require(uids.first { $0 != flight.uid })
        let hotelDate = try modified("\(events)/\(hotel).ics")
        Thread.sleep(forTimeInterval: 1.1)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: Self.trip).filter { !$0.contains("flight") }.map { "\(Self.trip)/\($0)" }
        let report = try generator.generate(inputs: inputs, to: .file(feed), now: Self.now.adding(seconds: 3600))
        #expect(report.eventFiles?.written == 1)
        #expect(try modified("\(events)/\(hotel).ics") == hotelDate)
        let tombstone = try #require(try PreviousFeed(iCalendar: try read("\(events)/\(flight.uid).ics")).events.first)
        #expect(tombstone.status == .cancelled)
        #expect(tombstone.sequence == 1)

        // Dropped from the feed: its file goes too; files this package did not write stay.
        var drop = FeedOptions()
        drop.missing = .drop
        _ = try FeedGenerator(options: drop, splitFolder: events).generate(inputs: inputs, to: .file(feed), now: Self.now.adding(seconds: 7200))
        files = try FileManager.default.contentsOfDirectory(atPath: events).sorted()
        #expect(!files.contains("\(flight.uid).ics"))
        #expect(files.contains("notes.ics"))
        #expect(files.contains("README"))
        #expect(files.count == 9)
    }

    @Test("a second run waits for the lock, then gives up with a clear message")
    func lock() throws {
        let folder = try TemporaryFolder("lock")
        let feed = folder.path("feed.ics")
        let held = try FeedLock.acquire(for: feed, waiting: 0)
        let started = Date()
        do {
            _ = try FeedGenerator(lockWait: 1).generate(inputs: [Self.trip], to: .file(feed), now: Self.now)
            Issue.record("expected the lock to stop the run")
        } catch {
            #expect(error.description == "\(feed): another reservation-feed run is writing this feed; waited 1 s (wait sets how long); nothing was written")
        }
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(!FileManager.default.fileExists(atPath: feed))
        withExtendedLifetime(held) {}
        _ = consume held
        #expect(throws: Never.self) { try FeedGenerator(lockWait: 1).generate(inputs: [Self.trip], to: .file(feed), now: Self.now) }
    }

    @Test("temporary files left by a killed run are cleared by the next one")
    func leftovers() throws {
        let folder = try TemporaryFolder("leftovers")
        let feed = folder.path("feed.ics")
        try folder.write(".feed.ics.tmp-4242-17", "BEGIN:VCALENDAR\r\nhalf a feed")
        _ = try FeedGenerator().generate(inputs: [Self.trip], to: .file(feed), now: Self.now)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".feed.ics.lock", "feed.ics"])
    }

    @Test("hostile text in a reservation gives a valid feed with the text intact")
    func hostile() throws {
        let folder = try TemporaryFolder("hostile")
        let nasty = "Line\\r\\nBEGIN:VEVENT\\nEND:VCALENDAR; a, b \\\\ c \\\\n\\u0000\\u0007 " + String(repeating: "👩🏽‍🚀e\u{301}\\\\n", count: 30)
        let input = try folder.write(
            "nasty.json",
            #"{"type": "restaurant", "reservationNumber": "N1", "holderName": "\#(nasty)", "startTime": "2030-06-14T19:30:00[Europe/Paris]", "place": {"name": "\#(nasty)"}}"#)
        let feed = folder.path("feed.ics")
        _ = try FeedGenerator().generate(inputs: [input], to: .file(feed), now: Self.now)
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
        let text = try read(feed)
        #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count == 2)
        let event = try #require(try PreviousFeed(iCalendar: text).events.first)
        let expected = "Line\nBEGIN:VEVENT\nEND:VCALENDAR; a, b \\ c \\n " + String(repeating: "👩🏽‍🚀e\u{301}\\n", count: 30)
        #expect(event.summary == "Restaurant · \(expected)")
        #expect(event.notes?.contains("Booked under: \(expected)") == true)
    }

    @Test("events of the old feed that cannot be read back are named, not dropped in silence")
    func unreadableOldEvents() throws {
        let folder = try TemporaryFolder("old")
        let feed = folder.path("feed.ics")
        _ = try FeedGenerator().generate(inputs: [Self.trip], to: .file(feed), now: Self.now)
        var text = try read(feed)
        text = text.replacingOccurrences(of: "BEGIN:VEVENT\r\nUID:", with: "BEGIN:VEVENT\r\nX-UID:", options: [], range: text.range(of: "BEGIN:VEVENT\r\nUID:"))
        try text.write(toFile: feed, atomically: true, encoding: .utf8)
        // The line of the damaged event: the first VEVENT, after the header and the VTIMEZONEs.
        let line = text.components(separatedBy: "\r\n").firstIndex(of: "BEGIN:VEVENT").map { $0 + 1 }
        let report = try FeedGenerator().generate(inputs: [Self.trip], to: .file(feed), now: Self.now)
        // An error: the run exits 1, so that someone looks at the feed.
        #expect(report.diagnostics.map(\.description) == ["\(feed): an event has no UID: it cannot be kept in the feed (line \(line ?? 0), column 1)"])
        #expect(report.hasErrors)
        #expect(report.changes.added.count == 1)
    }
}
