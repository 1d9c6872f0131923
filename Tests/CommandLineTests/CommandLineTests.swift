import Foundation
import TestSupport
import Testing

/// The built `reservation-feed` program, run as a user or a cron job would run it.
@Suite("The reservation-feed command")
struct CommandLineTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-06-07T09:00:00Z"

    private func run(_ arguments: [String], input: String = "") throws -> ProcessOutput {
        try ProcessRunner.run(Self.tool, arguments, input: Data(input.utf8))
    }

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test("a mistyped required option is named with the option meant, before what is missing (exit 2)")
    func typoHint() throws {
        let result = try run(["generate", "Examples/trip", "--ouput", "x.ics"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: Unknown option '--ouput'. Did you mean '--output'?\n"), "\(result.standardError)")
        // publish writes into a calendar: a feed file's name and refresh are not its options.
        for option in ["--name", "--refresh"] {
            let publish = try run(["publish", "Examples/trip", "--calendar", "http://127.0.0.1:1/c/", option, "x"])
            #expect(publish.status == 2)
            #expect(publish.standardError.contains("Unknown option '\(option)'"), "\(publish.standardError)")
        }
    }

    @Test("the README's first command: the examples become a valid feed, exit status 0")
    func examples() throws {
        let folder = try TemporaryFolder("cli")
        let output = folder.path("trip.ics")
        let result = try run(["generate", "Examples/trip", "--output", output, "--now", Self.now])
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Wrote 8 events to \(output): 8 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (8 reservations from 8 inputs)\n")
        // The same bytes the library writes (see ReservationFeedTests).
        #expect(try read(output) == (try read(Repository.url("Tests/ReservationFeedTests/Golden/trip.ics").path)))
    }

    @Test("--travel-time: Apple's travel time on the flight, the boat, the bus, the train, the dinner and the concert, nothing else changed; a valid feed; a bad duration is a usage error")
    func travelTime() throws {
        let folder = try TemporaryFolder("cli")
        let output = folder.path("trip.ics")
        let result = try run(["generate", "Examples/trip", "--output", output, "--now", Self.now, "--travel-time", "45m"])
        #expect(result.status == 0, "\(result.standardError)")
        let feed = try read(output)
        let travel = "X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT45M\r\n"
        #expect(feed.components(separatedBy: travel).count - 1 == 6)
        // The feed of the README's first command, with those lines alone added.
        #expect(feed.replacingOccurrences(of: travel, with: "") == (try read(Repository.url("Tests/ReservationFeedTests/Golden/trip.ics").path)))
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
        for written in ["90m", "1h30m", "PT1H30M"] {
            let again = try run(["generate", "Examples/trip", "--output", folder.path("\(written).ics"), "--now", Self.now, "--travel-time", written])
            #expect(again.status == 0, "\(again.standardError)")
            let feed = try read(folder.path("\(written).ics"))
            #expect(feed.contains("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT1H30M\r\n"))
        }
        for wrong in ["45", "0m", "2d", "25h", "m45", "45m1h", "soon"] {
            let refused = try run(["generate", "Examples/trip", "--output", folder.path("x.ics"), "--travel-time", wrong])
            #expect(refused.status == 2, "\(wrong)")
            #expect(refused.standardError.contains("--travel-time"), "\(refused.standardError)")
        }
    }

    @Test("--view busy with --busy-title: the person's word on every event, the same bytes otherwise as the library's busy view; --busy-title without it is a usage error")
    func busyView() throws {
        let folder = try TemporaryFolder("cli")
        let output = folder.path("away.ics")
        let result = try run(
            ["generate", "Examples/trip", "--output", output, "--now", Self.now, "--view", "busy", "--busy-title", "Away", "--view-key", TestEnvironment.viewKeyFile])
        #expect(result.status == 0, "\(result.standardError)")
        let feed = try read(output)
        #expect(feed.components(separatedBy: "\r\nSUMMARY:Away\r\n").count - 1 == 8)
        let golden = try read(Repository.url("Tests/ReservationFeedTests/Golden/trip-busy.ics").path)
        #expect(feed == golden.replacingOccurrences(of: "\r\nSUMMARY:Busy\r\n", with: "\r\nSUMMARY:Away\r\n"))
        let alone = try run(["generate", "Examples/trip", "--output", folder.path("x.ics"), "--busy-title", "Away"])
        #expect(alone.status == 2 && alone.standardError.contains("--busy-title is the title of the busy view: add --view busy"), "\(alone.standardError)")
        let unknown = try run(["generate", "Examples/trip", "--output", folder.path("x.ics"), "--view", "family"])
        #expect(unknown.status == 2 && unknown.standardError.contains("--view"), "\(unknown.standardError)")
    }

    @Test("a malformed file among good ones: exit status 1, the error with file and path, the good events written")
    func malformed() throws {
        let folder = try TemporaryFolder("cli")
        try FileManager.default.copyItem(
            at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("flight.json"))
        try folder.write(
            "trip.json",
            """
            {
              "reservations": [
                {"type": "restaurant", "reservationNumber": "A1", "startTime": "2030-06-14T19:30:00-07:00"},
                {"type": "restaurant", "reservationNumber": "A2", "startTime": "2030-06-15T19:30:00-07:00"},
                {"type": "restaurant", "reservationNumber": "A3", "startTime": "2030-06-16T19:30:00-07:00"},
                {"type": "train", "reservationNumber": "A4", "departure": {"time": "25/12"}}
              ]
            }
            """)
        let output = folder.path("feed.ics")
        let result = try run(["generate", folder.url.path, "--output", output, "--now", Self.now])
        #expect(result.status == 1)
        #expect(result.standardError == """
            \(folder.url.path)/trip.json: reservations[3].departure.time: expected an ISO 8601 date-time, found "25/12" (line 6, column 72)
            Wrote 4 events to \(output): 4 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (4 reservations from 2 inputs); 1 error, 0 warnings

            """)
        #expect(try read(output).components(separatedBy: "BEGIN:VEVENT").count - 1 == 4)
    }

    @Test("usage and fatal errors: exit status 2, and an existing feed is left as it was", arguments: [
        ["generate", "Examples/trip"],
        ["generate", "--output", "FEED"],
        ["generate", "Examples/trip", "--output", "FEED", "--now", "yesterday"],
        ["generate", "Examples/trip", "--output", "FEED", "--now", "2030-06-07T09:00"],
        ["generate", "Examples/trip", "--output", "FEED", "--frobnicate"],
        ["generate", "Examples/trip", "/no/such/input", "--output", "FEED"],
        ["frobnicate"],
    ])
    func usageErrors(arguments: [String]) throws {
        let folder = try TemporaryFolder("cli")
        let output = folder.path("feed.ics")
        #expect(try run(["generate", "Examples/trip", "--output", output, "--now", Self.now]).status == 0)
        let before = try read(output)
        let result = try run(arguments.map { $0 == "FEED" ? output : $0 })
        #expect(result.status == 2)
        #expect(!result.standardError.isEmpty)
        #expect(result.standardOutput == "")
        #expect(try read(output) == before)
    }

    @Test("every program of the package exits 2 on a usage error, with the message on standard error", arguments: [
        ["reservation-feed", "generate", "--frobnicate"],
        ["reservation-feed", "serve", "--frobnicate"],
        ["reservation-feed", "publish", "--frobnicate"],
        ["reservation-feed", "calendars"],
        ["reservation-feed", "account", "add", "google"],
        ["reservation-feed", "account", "remove"],
        ["reservation-feed-mail", "sync", "--frobnicate"],
        ["reservation-feed-mail", "sync"],
    ])
    func usageStatusOfEveryProgram(arguments: [String]) throws {
        let result = try ProcessRunner.run(Repository.productsFolder.appendingPathComponent(arguments[0]), Array(arguments.dropFirst()))
        #expect(result.status == 2)
        #expect(result.standardError.contains("Usage:"))
        #expect(result.standardOutput == "")
    }

    @Test("standard input to standard output")
    func pipes() throws {
        let json = try read(Repository.url("Examples/trip/7-train-oslo-bergen.json").path)
        let result = try run(["generate", "-", "--output", "-", "--now", Self.now, "--name", "Rail"], input: json)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(result.standardOutput.contains("\r\nX-WR-CALNAME:Rail\r\n"))
        #expect(result.standardOutput.contains("\r\nSUMMARY:Train Bergensbanen 61 · Oslo S → Bergen stasjon\r\n"))
        #expect(result.standardError == "Wrote 1 event to standard output: 1 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (1 reservation from 1 input)\n")
    }

    @Test("help and version exit 0")
    func help() throws {
        let help = try run(["generate", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--output <feed.ics>"))
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "\(try newestChangelogVersion())\n")
    }

    /// The version of CHANGELOG.md's newest entry (`## 0.7.0 — 2026-11-28`): what the package is
    /// built as, so `--version` must print it.
    private func newestChangelogVersion() throws -> String {
        let changelog = try String(contentsOf: Repository.url("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let fields = heading.dropFirst(3).split(separator: " ")
        #expect(fields.count == 3 && fields[1] == "—", "CHANGELOG.md's entries begin `## VERSION — YYYY-MM-DD`, not \(heading)")
        return String(try #require(fields.first))
    }

    @Test("the README's library example runs and prints what the README shows")
    func libraryExample() throws {
        let result = try ProcessRunner.run(Repository.productsFolder.appendingPathComponent("library-usage"), [])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let mismatch = Golden.mismatch(result.standardOutput, golden: "Tests/CommandLineTests/Golden/library-usage.txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("a PDF without kitinerary-extractor installed gets a note, not an error; --extractor none leaves it unread")
    func extractorAbsent() throws {
        let pdf = Repository.url("Tests/ReservationImportTests/Fixtures/documents/boarding-pass.pdf").path
        let absent = try ProcessRunner.run(Self.tool, ["lint", pdf], environment: ["KITINERARY_EXTRACTOR": "/nonexistent/kitinerary-extractor"])
        #expect(absent.standardOutput.contains(
            "boarding-pass.pdf: warning: a PDF without schema.org markup: KDE's kitinerary-extractor reads such documents, but it is not installed (Debian: apt-get install libkpimitinerary-bin)"))
        #expect(absent.standardOutput.contains("0 errors, 1 warning"))
        let none = try run(["lint", pdf, "--extractor", "none"])
        #expect(none.standardOutput.contains("boarding-pass.pdf: warning: a PDF without schema.org markup, not read (--extractor none)"))
    }

    @Test("with kitinerary-extractor, a PDF boarding pass becomes a feed event", .timeLimit(.minutes(1)))
    func extractorPresent() throws {
        let pdf = Repository.url("Tests/ReservationImportTests/Fixtures/documents/boarding-pass.pdf").path
        let folder = try TemporaryFolder("pdf-feed")
        let feed = folder.path("pass.ics")
        let result = try run(["generate", pdf, "--output", feed, "--now", "2026-06-01T00:00:00Z"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(text.contains("SUMMARY:Flight AY 123 · HEL → ARN"))
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }
}
