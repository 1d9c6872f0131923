import Foundation
import TestSupport
import Testing

/// Trains and buses read by KDE's extractor from e-mails without markup (KDE's own test data,
/// CC0-1.0: `Fixtures/kde-mail/`), whose times carry no zone: whatever the tool can place, an event's two
/// ends are written on one kind of clock, as RFC 5545 demands, and every feed is valid. Without
/// the extractor (`.ci/setup tests` installs it) the test fails: the documents give no events.
@Suite("Trains from e-mails without markup, through KDE's extractor")
struct ExtractedTrainTests {
    static let folder = "Tests/CommandLineTests/Fixtures/kde-mail/"

    /// The feed's events' DTSTART and DTEND lines, by UID.
    private func ends(_ feed: String) -> [[String]] {
        feed.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { event in
            event.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("DTEND") }
        }
    }

    @Test("an end nothing places takes the other end's zone (RegioJet, České dráhy); two unplaced ends both float")
    func oneClock() throws {
        let folder = try TemporaryFolder("extracted-trains")
        let feed = folder.path("trains.ics")
        let result = try ProcessRunner.run(
            CommandLineTests.tool,
            ["generate", Self.folder, "--output", feed, "--now", "2012-08-01T00:00:00Z", "--trust-unverified"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "regiojet-train.eml: kitinerary[0].arrival.time: warning: no time zone or UTC offset, and nothing tells where; took Europe/Prague, that of departure.time, so that the event's two ends are on one clock"
            ), "\(result.standardError)")

        let written = try String(contentsOfFile: feed, encoding: .utf8)
        let events = ends(written)
        #expect(events.count == 8)
        #expect(events.contains(["DTSTART;TZID=Europe/Prague:20170702T115600", "DTEND;TZID=Europe/Prague:20170702T141200"]))
        #expect(events.contains(["DTSTART:20170809T090700", "DTEND:20170809T105100"]))
        #expect(events.contains(["DTSTART:20170809T110200", "DTEND:20170809T111600"]))
        // Brno to Vienna: Vienna, not placed, takes Brno's zone (the same clock that day).
        #expect(events.contains(["DTSTART;TZID=Europe/Prague:20120811T093000", "DTEND;TZID=Europe/Prague:20120811T112000"]))
        #expect(events.contains(["DTSTART;TZID=Europe/Prague:20190806T175000", "DTEND;TZID=Europe/Prague:20190806T184600"]))
        for lines in events {
            let floating = lines.map { !$0.contains("TZID=") && !$0.hasSuffix("Z") }
            #expect(Set(floating).count == 1, "two kinds of ends: \(lines)")
        }
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }
}
