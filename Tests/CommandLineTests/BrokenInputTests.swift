import Basics
import Foundation
import TestSupport
import Testing

/// The guarantee for broken input, on the real program: a clear message naming the file and the
/// place in it, exit status 1, every good input still written, and the previous feed's event
/// for an input that cannot be read kept exactly as it was, never cancelled.
@Suite("Broken input loses nothing")
struct BrokenInputTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-06-01T09:00:00Z"
    /// The input each case breaks: the flight of the bundled trip.
    static let victim = "2-flight-sfo-hel.json"
    static let extra =
        #"{"type": "restaurant", "reservationNumber": "NEW1", "startTime": "2030-06-20T19:30:00[Europe/Paris]", "place": {"name": "Le Nouveau"}}"#

    /// A folder with the trip, its feed as the previous feed, and a new good reservation.
    private struct Setup {
        let folder: TemporaryFolder
        let input: String
        let feed: String
        let previousFlight: String

        init(_ label: String) throws {
            folder = try TemporaryFolder(label)
            input = folder.path("in")
            feed = folder.path("feed.ics")
            try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: URL(fileURLWithPath: input))
            let first = try ProcessRunner.run(BrokenInputTests.tool, ["generate", input, "-o", feed, "--now", BrokenInputTests.now, "-q"])
            #expect(first.status == 0, "\(first.standardError)")
            previousFlight = try #require(Self.event(containing: "SFO → HEL", in: try String(contentsOfFile: feed, encoding: .utf8)))
            try folder.write("in/9-extra.json", BrokenInputTests.extra)
        }

        /// The VEVENT holding `marker`, whole.
        static func event(containing marker: String, in feed: String) -> String? {
            feed.components(separatedBy: "BEGIN:VEVENT").dropFirst().first { $0.contains(marker) }
        }

        func run(_ extraArguments: [String] = []) throws -> ProcessOutput {
            // timeout(1): a run that waits for ever (on a FIFO, say) fails the test instead of hanging it.
            try ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/timeout"),
                ["60", BrokenInputTests.tool.path, "generate", input, "-o", feed, "--now", BrokenInputTests.now] + extraArguments)
        }

        /// What every case must leave: the old flight untouched, the new restaurant added, and a
        /// valid feed of the nine events.
        func checkNothingLost(_ output: ProcessOutput, comment: Comment) throws {
            let text = try String(contentsOfFile: feed, encoding: .utf8)
            #expect(Self.event(containing: "SFO → HEL", in: text) == previousFlight, comment)
            #expect(text.contains("Le Nouveau"), comment)
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 9, comment)
            #expect(!text.contains("STATUS:CANCELLED"), comment)
            #expect(output.standardError.contains("1 added, 0 updated, 0 cancelled, 0 removed, 8 unchanged"), comment)
            let verdict = try ICSValidator.validate([feed])
            #expect(verdict.passed, "\(verdict.report)")
        }
    }

    /// Each broken file of `Fixtures/broken`, in place of the flight, and what its message must say.
    static let cases: [(file: String, message: String)] = [
        ("truncated.json", "not valid JSON: this string is not closed before the end of the file (line 18, column 7)"),
        ("wrong-types.json", "reservations[0].departure: expected an object, found a number (42) (line 19, column 20)"),
        ("invalid-date.json", "reservations[0].departure.time: expected an ISO 8601 date-time, found \"2030-02-30T17:55:00-08:00[America/Los_Angeles]\" (2030-02-30 does not exist) (line 23, column 17)"),
        ("impossible-time.json", "(25:61:00 is not a time of day) (line 23, column 17)"),
        ("unknown-category.json", "reservations[0].type: unknown reservation type \"spaceship\""),
        ("garbage.json", "not a format this tool reads"),
        ("wrong-charset.json", "not valid JSON: this string is not valid UTF-8 (line 8, column 21)"),
        ("empty.json", "the file is empty"),
        ("nul-bytes.json", "not a format this tool reads"),
    ]

    @Test("a broken input: its message, exit status 1, the other inputs written, its event kept", arguments: cases.map(\.file))
    func brokenInput(_ file: String) throws {
        let setup = try Setup("broken")
        let broken = Repository.url("Tests/CommandLineTests/Fixtures/broken/\(file)")
        try FileManager.default.removeItem(atPath: setup.input + "/" + Self.victim)
        try FileManager.default.copyItem(at: broken, to: URL(fileURLWithPath: setup.input + "/" + Self.victim))
        let output = try setup.run()
        let expected = try #require(Self.cases.first { $0.file == file }?.message)
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardError.contains("in/\(Self.victim): "), "\(output.standardError)")
        #expect(output.standardError.contains(expected), "\(output.standardError)")
        try setup.checkNothingLost(output, comment: "\(file): \(output.standardError)")
    }

    @Test("an input that cannot be read, or is a FIFO, or is over a limit, is reported and keeps its event")
    func unreadableInputs() throws {
        // Root reads any file whatever its permissions; the other cases hold for root too.
        var kinds = ["fifo", "limit"]
        if geteuid() != 0 { kinds.append("permissions") }
        for kind in kinds {
            let setup = try Setup("unreadable-\(kind)")
            let path = setup.input + "/" + Self.victim
            var arguments: [String] = []
            var expected: String
            switch kind {
            case "fifo":
                try FileManager.default.removeItem(atPath: path)
                #expect(mkfifo(path, 0o644) == 0)
                expected = "cannot read the file: it is not a regular file (a pipe, a device or a socket)"
            case "limit":
                arguments = ["--limit", "file-size=1K"]
                expected = "cannot read the file: it is 1.3 KB, more than the limit of 1 KB (--limit file-size)"
            default:
                #expect(chmod(path, 0) == 0)
                expected = "cannot read the file: permission denied"
            }
            let output = try setup.run(arguments)
            #expect(output.status == 1, "\(kind): \(output.standardError)")
            #expect(output.standardError.contains("in/\(Self.victim): \(expected)"), "\(kind): \(output.standardError)")
            if kind == "limit" {
                // The limit applies to every input: the other trip files are small enough.
                #expect(output.standardError.components(separatedBy: "--limit file-size").count - 1 == 1, "\(output.standardError)")
            }
            try setup.checkNothingLost(output, comment: "\(kind): \(output.standardError)")
        }
    }

    @Test("a previous feed cut short, or edited by hand, is reported with its lines and repaired from the input")
    func damagedPreviousFeed() throws {
        for damage in ["truncated", "edited"] {
            let setup = try Setup("previous-\(damage)")
            var text = try Data(contentsOf: URL(fileURLWithPath: setup.feed))
            switch damage {
            case "truncated":
                text = text.prefix(9000)  // in the middle of an event
            default:
                var edited = String(decoding: text, as: UTF8.self)
                edited = edited.replacingOccurrences(of: "SUMMARY:Hotel", with: "SUMMARY:My hotel (edited)")
                edited = edited.replacingOccurrences(of: "\r\n", with: "\n")  // an editor's line ends
                // An event whose end line was deleted.
                let concert = try #require(edited.range(of: "SUMMARY:Helsinki Philharmonic"))
                let end = try #require(edited.range(of: "END:VEVENT\n", range: concert.upperBound..<edited.endIndex))
                edited.removeSubrange(end)
                text = Data(edited.utf8)
            }
            try text.write(to: URL(fileURLWithPath: setup.feed))
            let output = try setup.run()
            #expect(output.status == 1, "\(damage): \(output.standardError)")
            #expect(output.standardError.contains("feed.ics: the VEVENT starting on line"), "\(damage): \(output.standardError)")
            #expect(output.standardError.contains("is not closed"), "\(damage): \(output.standardError)")
            // Every reservation is still in the input: the damaged events come back from it.
            let feed = try String(contentsOfFile: setup.feed, encoding: .utf8)
            #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 9, "\(damage)")
            #expect(feed.contains("Le Nouveau") && !feed.contains("STATUS:CANCELLED") && !feed.contains("(edited)"), "\(damage)")
            let verdict = try ICSValidator.validate([setup.feed])
            #expect(verdict.passed, "\(verdict.report)")
        }
    }
}
