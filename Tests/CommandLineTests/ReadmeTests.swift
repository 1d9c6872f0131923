import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every block of README.md, run where it can be and compared with what the README shows, so
/// that the two cannot drift apart; every other block is named here with the reason it is not
/// run (and where it is tested instead). A block nobody classified fails the suite.
@Suite("README.md, block by block", .serialized)
struct ReadmeTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let fixtures = Repository.url("Tests/CommandLineTests/Fixtures/readme")

    /// A fenced block of the README: its first line identifies it.
    struct Block: CustomStringConvertible {
        let line: Int
        let text: String
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 } }
        var first: String { lines.first?.trimmingCharacters(in: .whitespaces) ?? "" }
        var description: String { "README.md line \(line): \(first)" }
    }

    static let blocks: [Block] = {
        let readme = (try? String(contentsOf: Repository.url("README.md"), encoding: .utf8)) ?? ""
        var blocks: [Block] = []
        var current: [String]?
        var start = 0
        var indent = 0
        for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let body = current {
                    // A block inside a list item is indented as its fence is: that much is the list's.
                    blocks.append(Block(line: start, text: body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current = []
                    start = number + 2
                    indent = line.prefix { $0 == " " }.count
                }
            } else if current != nil {
                current?.append(String(line))
            }
        }
        return blocks
    }()

    /// How each block is checked, by its first line: a test below runs it, or the reason it is not run.
    static let checked: [String: String?] = [
        ".ci/setup && swift run reservation-feed generate Examples/trip --output trip.ics": nil,
        ".ci/setup tests && swift test": "it is this test suite",
        "$ .ci/setup && swift run reservation-feed generate Examples/trip --output trip.ics": nil,
        "BEGIN:VEVENT": nil,
        "Packaging/build-deb": "CI's .ci/run builds the packages and installs them in a clean root (Packaging/test-installed)",
        "swift build -c release": "a release build and an install as root; CI's package build makes the same programs",
        "Packaging/make-manual .build/release ~/.local/share/man/man1": nil,
        "import ReservationFeed": nil,
        "Restaurant · EPIC Steak (2 people) | 2030-06-14T19:30:00[America/Los_Angeles] → 2030-06-14T21:30:00[America/Los_Angeles] | EPIC Steak, 369 The Embarcadero, San Francisco, CA, United States": nil,
        "reservation-feed generate INPUT... --output FEED.ics [--now ISO8601] [--locale TAG] [--include-unconfirmed]": nil,
        "$ reservation-feed generate mixed --output mixed.ics; echo \"exit status $?\"": nil,
        "$ reservation-feed lint trip.json": nil,
        "*/15 * * * * reservation-feed generate 'imaps://you%40fastmail.com@imap.fastmail.com/Travel' ~/bookings --output ~/public/trips.ics --quiet": nil,
        "$ reservation-feed generate ~/Mail/Trips --output trips.ics":
            "its e-mails are verified by keys their senders publish in DNS; TrustedSenderTests runs the same cases (a forged cancellation, an unknown sender) with test keys",
        "$ reservation-feed serve ~/Reservations --output ~/trips.ics --name Trips": nil,
        "$ printf 'Authorization: Bearer %s\\n' \"$(cat trips.ics.inbox-token)\" > inbox.header":
            "the donated e-mail is verified by its sender's DNS keys; ServeCommandTests donates through the same API with curl's header",
        "$ reservation-feed calendars https://caldav.fastmail.com/ --user ada@fastmail.com --password-file ~/.config/reservation-feed/caldav-password":
            "it needs a Fastmail account; PublishDiscoveryTests lists a local CalDAV server's calendars the same way",
        "$ reservation-feed account add google ada@gmail.com --client ~/Downloads/client_secret_1234.apps.googleusercontent.com.json":
            "it needs a Google account and a client of its own; AccountCommandTests, PublishAccountTests and IMAPAccountTests run the same commands against a test authorization server, Radicale behind a token gate and Dovecot",
        "reservation-feed · reservation-feed-mail · reservation-feed-kitinerary · library-usage": "the module map: PackageStructureTests checks it against the manifest and Package.swift's",
        "swift package generate-documentation --target ReservationFeed": "CI's .ci/run builds the documentation with warnings as errors",
        "swift run -c release --package-path Benchmarks reservation-feed-bench": "a benchmark: timings are measured, never asserted (docs/performance.md)",
        "Fuzz/run jsonld -runs=1000000        # or html, mail, previous-feed, mbox, invitation, multistatus, imap, sender": "fuzzing needs its own sanitizer build (Fuzz/README.md); its findings are kept as regression tests",
    ]

    @Test("every block of the README is run by a test here, or named with the reason it is not")
    func everyBlockClassified() {
        #expect(Self.blocks.count >= 20)
        for block in Self.blocks {
            #expect(Self.checked.keys.contains(block.first), "\(block): no test runs it and no reason is given")
        }
        for first in Self.checked.keys {
            #expect(Self.blocks.contains { $0.first == first }, "no README block starts \(first)")
        }
    }

    private func block(_ first: String) throws -> Block {
        try #require(Self.blocks.first { $0.first == first }, "no README block starts \(first)")
    }

    /// Whether `actual` is what `shown` shows: line by line, a line `…` standing for any number
    /// of lines and `…` within a line for any text.
    static func matches(_ shown: [String], _ actual: [String]) -> Bool {
        guard let first = shown.first else { return actual.isEmpty }
        if first == "…" {
            return (0...actual.count).contains { matches(Array(shown.dropFirst()), Array(actual.dropFirst($0))) }
        }
        guard let line = actual.first, lineMatches(first.trimmingTrailingSpaces, line.trimmingTrailingSpaces) else { return false }
        return matches(Array(shown.dropFirst()), Array(actual.dropFirst()))
    }

    /// iCalendar lines unfolded (RFC 5545 3.1): a line that starts with a space continues the one
    /// before it. Where a line is folded is the writer's choice, and the README's editor moves
    /// trailing spaces to the next line's start.
    static func unfolded(_ lines: [String]) -> [String] {
        var result: [String] = []
        for line in lines {
            if line.hasPrefix(" "), !result.isEmpty {
                result[result.count - 1] += line.dropFirst()
            } else {
                result.append(line)
            }
        }
        return result
    }

    /// One line, `…` standing for any text.
    static func lineMatches(_ shown: String, _ actual: String) -> Bool {
        let pieces = shown.components(separatedBy: "…")
        guard pieces.count > 1 else { return shown == actual }
        var rest = Substring(actual)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for (index, piece) in pieces.enumerated().dropFirst() {
            if index == pieces.count - 1 { return piece.isEmpty || rest.hasSuffix(piece) }
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Runs a shell line as the README shows it, with the built programs first on the PATH, in
    /// `folder`.
    private func shell(_ line: String, in folder: TemporaryFolder) throws -> ProcessOutput {
        let path = Repository.productsFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "cd '\(folder.url.path)' && PATH='\(path)' && exec 2>&1 && \(line)"])
    }

    @Test("the first commands and the first run: the examples make eight events, and the flight is as shown")
    func firstRun() throws {
        let folder = try TemporaryFolder("readme")
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("Examples"), withDestinationURL: Repository.url("Examples"))
        // `.ci/setup && swift run` is how a clone runs the program: here it is built already.
        let command = try block(".ci/setup && swift run reservation-feed generate Examples/trip --output trip.ics").lines[0]
            .replacingOccurrences(of: ".ci/setup && swift run ", with: "")
        let run = try shell(command, in: folder)
        #expect(run.status == 0)
        let transcript = try block("$ .ci/setup && swift run reservation-feed generate Examples/trip --output trip.ics").lines
        // The lines before the build's are the package manager's; the last is the tool's.
        #expect(transcript.last == run.standardOutput.split(separator: "\n").last.map(String.init), "\(run.standardOutput)")
        #expect(transcript.dropLast().last?.hasPrefix("Build of product 'reservation-feed' complete!") == true)
        let again = try shell(command, in: folder)
        #expect(again.standardOutput == "Left trip.ics untouched, 8 events: 0 added, 0 updated, 0 cancelled, 0 removed, 8 unchanged (8 reservations from 8 inputs)\n")

        // The flight's event, the stamp aside (the time of the run).
        let feed = try String(contentsOf: folder.url.appendingPathComponent("trip.ics"), encoding: .utf8)
        let events = feed.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map { "BEGIN:VEVENT\r\n" + $0 }
        let flight = try #require(events.first { $0.contains("SUMMARY:Flight AY 20") })
        let lines = Self.unfolded(Array(flight.components(separatedBy: "\r\n").prefix { $0 != "END:VEVENT" } + ["END:VEVENT"]))
            .map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }  // ICU's narrow space before PM, a space in the README
        let shown = Self.unfolded(try block("BEGIN:VEVENT").lines).map { $0.hasPrefix("DTSTAMP:") ? "DTSTAMP:…" : $0 }
        #expect(Self.matches(shown, lines), "README:\n\(shown.joined(separator: "\n"))\nfeed:\n\(lines.joined(separator: "\n"))")
    }

    /// The packages `.ci/setup` adds, in its order, from the lines that add them: those before
    /// `if $tests` (building and running), or all of them.
    static func setupPackages(tests: Bool) throws -> [String] {
        let script = try String(contentsOf: Repository.url(".ci/setup"), encoding: .utf8)
        var packages: [String] = []
        for line in script.components(separatedBy: "\n") {
            if line.hasPrefix("if $tests"), !tests { break }
            guard let start = line.range(of: "missing+=("), let end = line[start.upperBound...].firstIndex(of: ")") else { continue }
            packages += line[start.upperBound..<end].split(separator: " ").map(String.init)
        }
        return packages
    }

    @Test("the first command installs what building and running need, as the README lists them; the test peers only with tests")
    func setupSplit() throws {
        let build = try Self.setupPackages(tests: false)
        let all = try Self.setupPackages(tests: true)
        let transcript = try block("$ .ci/setup && swift run reservation-feed generate Examples/trip --output trip.ics").lines
        let installing = try #require(transcript.first { $0.hasPrefix("Installing ") })
        // What a machine with Swift usually has (swift.org's list of Swift's own dependencies),
        // which the README names; the transcript lists the rest, in `.ci/setup`'s order.
        let withSwift: Set = ["pkg-config", "libxml2-dev", "zlib1g-dev", "tzdata", "ca-certificates"]
        #expect(installing.dropFirst("Installing ".count).split(separator: " ").map(String.init) == build.filter { !withSwift.contains($0) })
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let prose = try #require(readme.range(of: "For building and running, `.ci/setup` installs ").map { readme[$0.upperBound...].prefix(600) })
        for package in build {
            #expect(prose.contains("`\(package)`"), "the README does not list \(package), which .ci/setup installs")
        }
        #expect(build.count >= 10 && all.count >= build.count + 8, "build: \(build), all: \(all)")
        for peer in ["chromium", "dovecot-imapd", "davical", "postgresql", "php-cli", "nodejs", "libkpimitinerary-dev", "python3-venv"] {
            #expect(!build.contains(peer) && all.contains(peer), "\(peer)")
        }
        // CI runs the README's test command's setup.
        let ci = try String(contentsOf: Repository.url(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\n.ci/setup tests\n"))
    }

    @Test("the manual pages made from a build, as the README shows for a source checkout")
    func manualPages() throws {
        let folder = try TemporaryFolder("readme-man")
        let command = try block("Packaging/make-manual .build/release ~/.local/share/man/man1").lines[0]
        #expect(command == "Packaging/make-manual .build/release ~/.local/share/man/man1")
        let run = try ProcessRunner.run(
            Repository.url("Packaging/make-manual"), [Repository.productsFolder.path, folder.path("man1")])
        #expect(run.status == 0, "\(run.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path("man1")).sorted()
        for page in ["reservation-feed.1", "reservation-feed-generate.1", "reservation-feed-serve.1", "reservation-feed-publish.1", "reservation-feed-mail.1"] {
            #expect(pages.contains(page), "\(pages)")
        }
    }

    @Test("the library example is the file it names, and prints what the README shows")
    func library() throws {
        let code = try String(contentsOf: Repository.url("Examples/library-usage/main.swift"), encoding: .utf8)
        let shown = try block("import ReservationFeed").lines
        // The block is the file, or its start with `…` for the rest.
        #expect(Self.matches(["…"] + shown + ["…"], code.components(separatedBy: "\n")), "\(shown)")
        let run = try ProcessRunner.run(Repository.productsFolder.appendingPathComponent("library-usage"), [])
        #expect(run.status == 0)
        let printed = try block(
            "Restaurant · EPIC Steak (2 people) | 2030-06-14T19:30:00[America/Los_Angeles] → 2030-06-14T21:30:00[America/Los_Angeles] | EPIC Steak, 369 The Embarcadero, San Francisco, CA, United States"
        ).lines
        let output = run.standardOutput.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        #expect(Self.matches(printed, output), "\(run.standardOutput)")
    }

    @Test("the synopsis and the cron line name only options the commands have")
    func options() throws {
        var help: [String: String] = [:]
        for command in ["generate", "lint", "serve", "publish", "calendars"] {
            help[command] = try ProcessRunner.run(Self.tool, [command, "--help"]).standardOutput
        }
        // `account`'s lines name its subcommands' options.
        help["account"] = try ["add", "list", "remove"].map { try ProcessRunner.run(Self.tool, ["account", $0, "--help"]).standardOutput }.joined()
        var command = ""
        for line in try block("reservation-feed generate INPUT... --output FEED.ics [--now ISO8601] [--locale TAG] [--include-unconfirmed]").lines {
            let words = line.split(separator: " ")
            if words.first == "reservation-feed", words.count > 1 { command = String(words[1]) }
            for word in words where word.contains("--") {
                guard let start = word.range(of: "--") else { continue }
                let option = String(word[start.lowerBound...].prefix { $0.isLetter || $0 == "-" })
                // `[every option of generate …, not --name, --refresh or --split]` names what publish has not.
                if line.contains("not --name") && ["--name", "--refresh", "--split"].contains(option) {
                    #expect(help[command]?.contains(option + " ") == false, "\(command) offers \(option)")
                    continue
                }
                // `[every option of generate …, but --view]`: serve keeps every view.
                if line.contains("but --view") && option == "--view" {
                    #expect(help[command]?.contains(option + " ") == false, "\(command) offers \(option)")
                    continue
                }
                #expect(help[command]?.contains(option) == true, "\(command) has no \(option)")
            }
        }
        #expect(help["publish"]?.contains("--missing") == true && help["publish"]?.contains("--keep-past") == true)
        let cron = try block("*/15 * * * * reservation-feed generate 'imaps://you%40fastmail.com@imap.fastmail.com/Travel' ~/bookings --output ~/public/trips.ics --quiet").lines[0]
        for word in cron.split(separator: " ") where word.hasPrefix("--") {
            #expect(help["generate"]?.contains(String(word)) == true, "generate has no \(word)")
        }
    }

    @Test("exit status 1 with one broken input among good ones, and lint's warnings, as shown")
    func errorsAndLint() throws {
        let folder = try TemporaryFolder("readme-errors")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("mixed"), to: folder.url.appendingPathComponent("mixed"))
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("trip.json"), to: folder.url.appendingPathComponent("trip.json"))
        for first in ["$ reservation-feed generate mixed --output mixed.ics; echo \"exit status $?\"", "$ reservation-feed lint trip.json"] {
            let shown = try block(first).lines
            var output: [String] = []
            var expected: [String] = []
            for line in shown {
                if line.hasPrefix("$ ") {
                    let run = try shell(String(line.dropFirst(2)), in: folder)
                    output += run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                } else {
                    expected.append(line)
                }
            }
            #expect(Self.matches(expected, output), "README:\n\(expected.joined(separator: "\n"))\nrun:\n\(output.joined(separator: "\n"))")
        }
    }

    @Test("serve as shown: the URL, the first run's line, and a subscriber's fetch and refetch in the log")
    func serve() throws {
        let folder = try TemporaryFolder("readme-serve")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: folder.url.appendingPathComponent("Reservations"))
        let shown = try block("$ reservation-feed serve ~/Reservations --output ~/trips.ics --name Trips").lines
        // The home folder is the test's folder; the port is a free one rather than 8080.
        let arguments = shown[0].dropFirst("$ reservation-feed serve ".count).split(separator: " ").map {
            String($0).replacingOccurrences(of: "~/", with: folder.url.path + "/")
        }
        let server = try ServeCommandTests.Server(Array(arguments.dropLast(2)) + ["--name", "Trips"], in: folder)
        defer { _ = server.stop() }
        let (status, headers, _) = try ServeCommandTests.request(server.url)
        #expect(status == 200)
        #expect(try ServeCommandTests.request(server.url, headers: ["If-None-Match": try #require(headers["etag"])]).0 == 304)
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .replacingOccurrences(of: folder.url.path, with: "/home/ada")
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("note:") }
        let port = try #require(server.url.port)
        let expected = shown.dropFirst(7).map { line in
            // What differs run to run: the time taken and the feed's size.
            line.replacingOccurrences(of: #"\[start, \d+ ms\]"#, with: "[start, … ms]", options: .regularExpression)
                .replacingOccurrences(of: #" 200 \d+ B [0-9.]+ ms"#, with: " 200 … B … ms", options: .regularExpression)
                .replacingOccurrences(of: #" 304 0 B [0-9.]+ ms"#, with: " 304 0 B … ms", options: .regularExpression)
        }
        #expect(Self.matches(Array(expected), log), "README:\n\(expected.joined(separator: "\n"))\nlog:\n\(log.joined(separator: "\n"))")
        // The feed's two addresses, then each view's, as printed but for the secrets and the port.
        try #require(server.urls.count == 3)
        for (index, url) in server.urls.enumerated() {
            let shownSecret = try #require(URL(string: shown[1 + 2 * index])).pathComponents[1]
            #expect(shown[1 + 2 * index].replacingOccurrences(of: "8080/\(shownSecret)", with: "\(port)/\(url.pathComponents[1])") == url.absoluteString)
            #expect(shown[2 + 2 * index] == "webcal" + shown[1 + 2 * index].dropFirst("http".count))
        }
    }
}

extension String {
    /// Without the spaces at its end (which editors strip from the README's lines).
    fileprivate var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
    }
}
