import Foundation
import ICalendar
import TestSupport
import Testing

@testable import ReservationFeed

/// Feeds of thousands of events: work spread over threads, and regeneration that recognises
/// unchanged events by their text.
@Suite("Large feeds")
struct LargeFeedTests {
    static let now = Instant(secondsSinceEpoch: 1_893_456_000)  // 2030-01-01
    /// Several batches, of a size made small so that the debug build stays quick.
    static let copies = 150
    static let batchSize = 256

    private func generate(_ input: String, to feed: String, concurrency: Int, at now: Instant = Self.now) throws -> FeedGenerationReport {
        var generator = FeedGenerator(concurrency: concurrency)
        generator.batchSize = Self.batchSize
        return try generator.generate(inputs: [input], to: .file(feed), now: now)
    }

    @Test("the feed is the same, byte for byte, whatever the number of threads")
    func concurrency() throws {
        let folder = try TemporaryFolder("threads")
        let input = try folder.write("trips.json", SyntheticTrips.document(copies: Self.copies))
        var texts: [Data] = []
        for threads in [1, 4] {
            let feed = folder.path("feed-\(threads).ics")
            let report = try generate(input, to: feed, concurrency: threads)
            #expect(report.changes.added.count == Self.copies * SyntheticTrips.examples.count)
            texts.append(try Data(contentsOf: URL(fileURLWithPath: feed)))
        }
        #expect(texts[0] == texts[1])
        let verdict = try ICSValidator.validate([folder.path("feed-1.ics")])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("regenerating with 2 % changed updates exactly those events and copies the rest byte for byte")
    func regeneration() throws {
        let folder = try TemporaryFolder("regenerate")
        let input = folder.path("trips.json")
        let feed = folder.path("feed.ics")
        try SyntheticTrips.document(copies: Self.copies).write(toFile: input, atomically: true, encoding: .utf8)
        _ = try generate(input, to: feed, concurrency: 2)
        let first = try Data(contentsOf: URL(fileURLWithPath: feed))

        // Unchanged input, later clock: nothing changes.
        let again = try generate(input, to: feed, concurrency: 2, at: Self.now.adding(seconds: 86_400))
        #expect(again.changes.unchanged.count == Self.copies * SyntheticTrips.examples.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: feed)) == first)

        // Every hundredth copy moved.
        let changed = Set(stride(from: 0, to: Self.copies, by: 50))
        try SyntheticTrips.document(copies: Self.copies, changed: changed).write(toFile: input, atomically: true, encoding: .utf8)
        let later = Self.now.adding(seconds: 2 * 86_400)
        let previousText = try String(contentsOfFile: feed, encoding: .utf8)
        let report = try generate(input, to: feed, concurrency: 2, at: later)
        let moved = report.changes.updated.count
        #expect(moved > 0 && moved <= changed.count * SyntheticTrips.examples.count)
        #expect(report.changes.unchanged.count == Self.copies * SyntheticTrips.examples.count - moved)
        #expect(report.changes.added.isEmpty && report.changes.cancelled.isEmpty && report.changes.removed.isEmpty)

        // The library call, given the same previous feed as values (no text to compare, so
        // every event is parsed and compared the long way), makes the same feed.
        let imported = ReservationImporter().read([.file(input)]).reservations
        let previousEvents = try PreviousFeed(iCalendar: previousText).events
        for previous in [try PreviousFeed(iCalendar: previousText), PreviousFeed(events: previousEvents)] {
            var builder = FeedBuilder(concurrency: 3)
            builder.batchSize = Self.batchSize
            let build = try builder.build(from: imported, previous: previous, now: later)
            #expect(build.changes.updated.count == moved)
            #expect(try build.feed.iCalendarText() == (try String(contentsOfFile: feed, encoding: .utf8)))
        }
    }
}
