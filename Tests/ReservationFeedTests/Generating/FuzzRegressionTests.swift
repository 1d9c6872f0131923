import Foundation
import Chrono
import ICalendar
import ReservationFeed
import TestSupport
import Testing

/// Inputs the fuzzers (`Fuzz/`) found crashing or misbehaving, kept so they never come back.
/// Each file in `Fixtures/fuzz-regressions` goes through what its fuzz target does.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = Repository.url("Tests/ReservationFeedTests/Fixtures/fuzz-regressions")
    static let now = Instant(secondsSinceEpoch: 1_893_456_000)  // 2030-01-01, as the fuzz targets use

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    @Test("a departure in the year 4062: refused with a clear error, not written as 00000000T000000")
    func yearPastLibical() throws {
        let read = ReservationImporter().read(try bytes("jsonld-year-4062.jsonld"), source: .file("year.jsonld"))
        #expect(read.reservations.count == 1)
        var options = FeedOptions()
        options.allowShrink = true
        let build = try FeedBuilder(options: options, concurrency: 1).build(from: read.reservations, now: Self.now)
        #expect(throws: ICalendarError.self) { try build.feed.iCalendarText() }

        // Through the generator: an error for the reservation, and no feed made of nothing.
        let folder = try TemporaryFolder("year")
        let input = try folder.write("year.jsonld", String(decoding: try bytes("jsonld-year-4062.jsonld"), as: UTF8.self))
        var messages: [String] = []
        #expect(throws: FeedError.self) {
            try FeedGenerator(concurrency: 1).generate(inputs: [input], to: .file(folder.path("feed.ics")), now: Self.now) {
                messages.append($0.description)
            }
        }
        #expect(messages.contains { $0.contains("year.jsonld: @graph[0]: the event cannot be written: its DTSTART 4062-06-15T17:55:00") && $0.contains("is outside the years 1–2999 calendars accept") }, "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("feed.ics")))
    }

    @Test("a previous feed edited into a date libical cannot write: every event read is written, or kept as it was")
    func previousFeedPastLibical() throws {
        let previous = try PreviousFeed(iCalendar: try bytes("previous-feed-year-4060.ics"), name: "old.ics")
        let folder = try TemporaryFolder("previous-year")
        let feed = folder.path("feed.ics")
        try Data(try bytes("previous-feed-year-4060.ics")).write(to: URL(fileURLWithPath: feed))
        var messages: [String] = []
        var generator = FeedGenerator(options: FeedOptions(allowShrink: true), concurrency: 1)
        generator.options.missing = .keep
        let empty = try folder.write("empty.json", #"{"reservations": []}"#)
        let report = try generator.generate(inputs: [empty], to: .file(feed), now: Self.now) { messages.append($0.description) }
        // Nothing the old feed held is lost: what can be read is written again, the rest kept.
        #expect(report.eventCount == previous.events.count, "\(messages)")
        let again = try PreviousFeed(iCalendar: try String(contentsOfFile: feed, encoding: .utf8))
        #expect(again.events.count == previous.events.count)
    }

    @Test("a previous feed with a place at latitude 10^300: the place is left out, nothing traps")
    func coordinatesPastTheEarth() throws {
        let previous = try PreviousFeed(iCalendar: try bytes("previous-feed-geo-overflow.ics"), name: "old.ics")
        #expect(previous.events.allSatisfy { ($0.geo?.isValid ?? true) && ($0.structuredLocation?.coordinate.isValid ?? true) })
        var options = FeedOptions()
        options.allowShrink = true
        let build = try FeedBuilder(options: options, concurrency: 1).build(from: [], previous: previous, now: Self.now)
        let text = try build.feed.iCalendarText()
        #expect(try PreviousFeed(iCalendar: text).events.count == build.feed.events.count)
        // And a library user's event with such a point is written without it.
        var event = try #require(build.feed.events.first)
        event.geo = GeoCoordinate(latitude: 1e300, longitude: .nan)
        let written = try ICalendarWriter().eventText(event, stamp: Self.now)
        #expect(!String(decoding: written, as: UTF8.self).contains("GEO:"))
    }

    @Test("an invitation's event in 9998 whose zone's rules are written for the years around it: the window is held within 9999, nothing traps (the invitation target found it)")
    func zoneWindowPastTheCalendar() throws {
        let result = CalendarFileReader().read(try bytes("invitation-zone-window-past-9999.ics"), source: .file("fuzz.ics"))
        var options = FeedOptions()
        options.allowShrink = true
        options.includeUnconfirmed = true
        let build = try FeedBuilder(options: options, concurrency: 1).build(from: result.reservations, now: Self.now, inputIsComplete: false)
        // Writing may refuse an event past 2999, by name; it must not stop the program.
        _ = try? build.feed.iCalendarText()
        // And the rule itself: years past the calendar's ends give no transition.
        #expect(TimeZoneRules.transitions(in: "Europe/Berlin", from: Instant(secondsSinceEpoch: 253_370_764_800), to: Instant(secondsSinceEpoch: .max)) != nil)
    }
}

