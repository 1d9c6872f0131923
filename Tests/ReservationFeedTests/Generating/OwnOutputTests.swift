import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// What a run writes is never its input, and a feed whose bytes are already right is left alone.
@Suite("A run's own outputs")
struct OwnOutputTests {
    static let now = try! Instant(iso8601: "2030-06-01T00:00:00Z")

    /// A folder holding the bundled examples' inputs.
    private func examples() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("own")
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.url("Examples/trip").path) {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent(name))
        }
        return folder
    }

    /// The inode and modification time of a file.
    private func identity(_ path: String) -> (ino_t, Int, Int) {
        var status = stat()
        stat(path, &status)
        return (status.st_ino, status.st_mtim.tv_sec, status.st_mtim.tv_nsec)
    }

    private func events(_ path: String) throws -> Int {
        try PreviousFeed(iCalendar: try String(contentsOfFile: path, encoding: .utf8)).events.count
    }

    @Test("a feed written inside its input folder, three times: eight events each time, and the same bytes leave the file untouched")
    func feedInsideItsInputs() throws {
        let folder = try examples()
        let feed = folder.path("feed.ics")
        var reports: [FeedGenerationReport] = []
        for _ in 0..<3 {
            reports.append(try FeedGenerator().generate(inputs: [folder.url.path], to: .file(feed), now: Self.now))
            #expect(try events(feed) == 8)
        }
        #expect(reports.map(\.inputCount) == [8, 8, 8])
        #expect(reports.allSatisfy { $0.diagnostics.isEmpty })
        #expect(reports.map(\.fileKept) == [false, true, true])
        #expect(reports[1].summary.hasPrefix("Left \(feed) untouched, 8 events: 0 added, 0 updated, 0 cancelled, 0 removed, 8 unchanged"))

        // Untouched: the same inode and modification time, so that a static server's ETag stays.
        let before = identity(feed)
        Thread.sleep(forTimeInterval: 0.05)
        _ = try FeedGenerator().generate(inputs: [folder.url.path], to: .file(feed), now: Self.now)
        #expect(identity(feed) == before)
        // A change replaces it.
        try FileManager.default.removeItem(atPath: folder.path("1-restaurant-epic-steak.json"))
        let changed = try FeedGenerator().generate(inputs: [folder.url.path], to: .file(feed), now: Self.now)
        #expect(!changed.fileKept)
        #expect(identity(feed).0 != before.0)
        #expect(changed.changes.cancelled.count == 1)
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("a split folder inside the input folder is not read back")
    func splitInsideItsInputs() throws {
        let folder = try examples()
        let feed = folder.path("out/feed.ics")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        for _ in 0..<2 {
            let report = try FeedGenerator(splitFolder: folder.path("events")).generate(inputs: [folder.url.path], to: .file(feed), now: Self.now)
            #expect(report.inputCount == 8)
            #expect(report.diagnostics.isEmpty)
            #expect(try events(feed) == 8)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("events")).count == 8)
    }

    @Test("the feed named as an input is refused with own-output; another feed this tool wrote is passed over in folders and read when named")
    func namedAndForeignFeeds() throws {
        let folder = try examples()
        let feed = folder.path("feed.ics")
        _ = try FeedGenerator().generate(inputs: [folder.url.path], to: .file(feed), now: Self.now)
        let named = try FeedGenerator().generate(inputs: [folder.url.path, feed], to: .file(feed), now: Self.now)
        #expect(named.diagnostics.map(\.code) == [.ownOutput])
        #expect(named.diagnostics.first?.origin?.description == feed)
        #expect(try events(feed) == 8)
        // A hard link to the feed is the feed.
        let linked = folder.path("hard-link.txt")
        try #require(link(feed, linked) == 0)
        let hard = try FeedGenerator().generate(inputs: [folder.url.path, linked], to: .file(feed), now: Self.now)
        #expect(hard.diagnostics.map(\.code) == [.ownOutput])
        #expect(try events(feed) == 8)
        try FileManager.default.removeItem(atPath: linked)

        // Another run's feed in the folder: passed over by `generate` and by `lint`.
        try FileManager.default.copyItem(atPath: feed, toPath: folder.path("copy.ics"))
        let other = folder.path("elsewhere.ics")
        let report = try FeedGenerator().generate(inputs: [folder.url.path], to: .file(other), now: Self.now)
        #expect(report.inputCount == 8)
        #expect(try events(other) == 8)
        let lint = try ReservationLinter().lint(inputs: [folder.url.path], now: Self.now)
        #expect(lint.inputCount == 8)
        #expect(lint.reservationCount == 8)
        // Named, a feed is read as the calendar file it is (a feed read back).
        let readBack = try FeedGenerator().generate(inputs: [folder.path("copy.ics")], to: .file(folder.path("back.ics")), now: Self.now)
        #expect(readBack.reservationCount == 8)
    }
}
