import Foundation
import TestSupport
import Testing

/// `reservation-feed publish`, run as a person runs it, against CalDAV servers the tests start
/// on loopback (Radicale, and Xandikos where it installed), the calendar read back with an
/// independent client (python's `caldav`) and compared with the feed `generate` makes from the
/// same inputs.
@Suite("The publish command", .serialized)
struct PublishCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-06-01T09:00:00Z"

    /// An event as both sides are compared: what a calendar shows and versions.
    struct Event: Decodable, Hashable, CustomStringConvertible {
        var href: String?
        var uid: String
        var summary: String
        var start: String?
        var end: String?
        var status: String?
        var sequence: Int
        var data: String?

        /// What must agree between the calendar and the feed.
        var shown: String { "\(uid) | \(summary) | \(start ?? "-") | \(end ?? "-") | \(status ?? "-") | \(sequence)" }
        var description: String { shown }
    }

    /// One test's world: a server, a calendar, an input folder, a feed made beside.
    final class World: @unchecked Sendable {
        let server: CalDAVTestServer
        let calendar: URL
        let folder: TemporaryFolder
        let inputs: String
        let passwordFile: String

        init(_ kind: CalDAVTestServer.Kind) async throws {
            server = try await CalDAVTestServer(kind)
            calendar = try await server.makeCalendar("trips")
            folder = try TemporaryFolder("publish")
            inputs = folder.path("bookings")
            try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
            passwordFile = try folder.write("password", CalDAVTestServer.password + "\n")
            chmod(passwordFile, 0o600)
        }

        var user: String { server.kind.takesCredentials ? CalDAVTestServer.user : "" }

        /// Writes a dinner booking as its own file (`status` as the booking says).
        func book(_ number: String, _ start: String, party: Int = 2, status: String = "confirmed") throws {
            let json = """
                {"reservations": [{"type": "restaurant", "reservationNumber": "\(number)", "status": "\(status)", "startTime": "\(start)",
                  "partySize": \(party), "place": {"name": "Dinner \(number)", "address": {"city": "San Francisco", "countryCode": "US"},
                  "coordinates": {"latitude": 37.7924, "longitude": -122.3906}}}]}
                """
            _ = try folder.write("bookings/\(number).json", json)
        }

        func cancelBooking(_ number: String) throws {
            try FileManager.default.removeItem(atPath: "\(inputs)/\(number).json")
        }

        /// Runs `publish` on the bookings.
        func publish(_ extra: [String] = [], state: String = "state.json") throws -> ProcessOutput {
            var arguments = ["publish", inputs, "--calendar", calendar.absoluteString, "--state", folder.path(state), "--now", PublishCommandTests.now]
            if server.kind.takesCredentials { arguments += ["--user", CalDAVTestServer.user, "--password-file", passwordFile] }
            return try ProcessRunner.run(PublishCommandTests.tool, arguments + extra, currentDirectory: folder.url)
        }

        /// Runs `generate` on the bookings, into the feed beside them.
        func generate() throws -> ProcessOutput {
            try ProcessRunner.run(
                PublishCommandTests.tool, ["generate", inputs, "-o", folder.path("feed.ics"), "--now", PublishCommandTests.now, "--allow-shrink"],
                currentDirectory: folder.url)
        }

        /// The calendar, read by the independent client.
        func calendarEvents() throws -> [Event] {
            try tool(["list", calendar.absoluteString, user, CalDAVTestServer.password])
        }

        /// The feed, read by the same library.
        func feedEvents() throws -> [Event] {
            try tool(["feed", folder.path("feed.ics")])
        }

        private func tool<T: Decodable>(_ arguments: [String]) throws -> T {
            let result = try ProcessRunner.run(Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/caldav_tool.py").path] + arguments)
            guard result.status == 0 else { throw ToolFailure(description: "caldav_tool.py \(arguments.first ?? ""): \(result.standardError)") }
            return try JSONDecoder().decode(T.self, from: Data(result.standardOutput.utf8))
        }

        /// Every resource of the calendar through the validator, where the server gives back
        /// what was sent. Radicale gives back what python's vobject writes again, which folds
        /// lines by characters and splits escapes across folds (a moved event's longer notes
        /// show it): its copies are read by the independent client instead, not checked as sent.
        func validateResources() throws {
            guard server.kind != .radicale else {
                _ = try calendarEvents()
                return
            }
            let events = try calendarEvents()
            var paths: [String] = []
            for (index, event) in events.enumerated() {
                // As the server gives it back, with the line ends iCalendar requires (Radicale
                // and the caldav library hand over LF).
                let text = (event.data ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
                paths.append(try folder.write("resource-\(index).ics", text))
            }
            guard !paths.isEmpty else { return }
            let verdict = try ICSValidator.validate(paths)
            #expect(verdict.passed, "\(verdict.report)")
        }
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The servers these tests run against; one that could not be installed is said, loudly.
    static func world(_ kind: CalDAVTestServer.Kind) async throws -> World? {
        guard CalDAVTestServer.isAvailable(kind) else {
            Issue.record("\(kind) is not installed in the tools' environment (Tests/Tools/python installs it with pip): publishing was not tried against it")
            return nil
        }
        return try await World(kind)
    }

    /// A person's edit with their client; runs the tool directly for commands that print nothing.
    static func person(_ world: World, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(
            Repository.url("Tests/Tools/python"),
            [Repository.url("Tests/Tools/caldav_tool.py").path, arguments[0], world.calendar.absoluteString, world.user, CalDAVTestServer.password]
                + arguments.dropFirst())
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("three generations of bookings (add, move, cancel, remove): the calendar matches the feed event by event, only changes travel, others' events stay", arguments: CalDAVTestServer.Kind.allCases)
    func generations(kind: CalDAVTestServer.Kind) async throws {
        guard let world = try await Self.world(kind) else { return }
        try Self.person(world, ["add", "birthday@example.com", "Grace's birthday"])

        // 1: three dinners.
        try world.book("A", "2030-06-14T19:30:00-07:00")
        try world.book("B", "2030-06-15T19:30:00-07:00")
        try world.book("C", "2030-06-16T19:30:00-07:00")
        let dry = try world.publish(["--dry-run"])
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.split(separator: "\n").filter { $0.hasPrefix("create ") }.count == 3)
        #expect(try world.calendarEvents().count == 1)  // the dry run wrote nothing

        // 2: A moves, C is cancelled by its booking, D is new. 3: B leaves the input, D is cancelled.
        let generations: [() throws -> Void] = [
            {},
            {
                try world.book("A", "2030-06-14T20:30:00-07:00")
                try world.book("C", "2030-06-16T19:30:00-07:00", status: "cancelled")
                try world.book("D", "2030-06-17T19:30:00-07:00", party: 4)
            },
            {
                try world.cancelBooking("B")
                try world.book("D", "2030-06-17T19:30:00-07:00", party: 4, status: "cancelled")
            },
        ]
        let expectedSummaries = ["3 created, 0 updated, 0 cancelled, 0 deleted, 0 unchanged", "1 created, 1 updated, 1 cancelled, 0 deleted, 1 unchanged",
                                 "0 created, 0 updated, 2 cancelled, 0 deleted, 2 unchanged"]
        for (generation, change) in generations.enumerated() {
            try change()
            let run = try world.publish()
            #expect(run.status == 0, "generation \(generation + 1): \(run.standardError)")
            #expect(run.standardError.contains(expectedSummaries[generation]), "generation \(generation + 1): \(run.standardError)")
            #expect(try world.generate().status == 0)
            let calendar = try world.calendarEvents()
            let ours = calendar.filter { $0.uid != "birthday@example.com" }
            #expect(ours.map(\.shown) == (try world.feedEvents()).map(\.shown), "generation \(generation + 1)")
            #expect(Set(ours.map(\.uid)).count == ours.count, "an event was duplicated")
            #expect(calendar.first { $0.uid == "birthday@example.com" }?.summary == "Grace's birthday")
            try world.validateResources()
        }
        // Nothing changed: nothing travels.
        let idle = try world.publish()
        #expect(idle.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 4 unchanged"), "\(idle.standardError)")
    }

    @Test("with --trips the calendar gets the trips and connections the feed has; a rebooked flight updates its trip and connection in place, and an idle run sends nothing", arguments: [CalDAVTestServer.Kind.radicale, .xandikos])
    func trips(kind: CalDAVTestServer.Kind) async throws {
        guard let world = try await Self.world(kind) else { return }
        let fixture = try String(contentsOfFile: Repository.url("Tests/CommandLineTests/Fixtures/trips/1-lisbon.json").path, encoding: .utf8)
        _ = try world.folder.write("bookings/lisbon.json", fixture)
        let options = ["--trips", "--home", "Berlin", "--now", "2030-01-01T00:00:00Z"]
        func generate() throws -> ProcessOutput {
            try ProcessRunner.run(
                Self.tool, ["generate", world.inputs, "-o", world.folder.path("feed.ics")] + options, currentDirectory: world.folder.url)
        }
        let first = try world.publish(options)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("14 created, 0 updated"), "\(first.standardError)")
        #expect(try generate().status == 0)
        #expect(try world.calendarEvents().map(\.shown) == (try world.feedEvents()).map(\.shown))
        #expect(try world.calendarEvents().contains { $0.summary == "Trip to Lisbon" })

        // LH 200 an hour later: the flight, its connection and the trip change; nothing else.
        let rebooked = fixture.replacingOccurrences(of: "2030-03-20T17:25:00+01:00", with: "2030-03-20T18:25:00+01:00")
            .replacingOccurrences(of: "2030-03-20T18:35:00+01:00", with: "2030-03-20T19:35:00+01:00")
        _ = try world.folder.write("bookings/lisbon.json", rebooked)
        let second = try world.publish(options)
        #expect(second.standardError.contains("0 created, 3 updated, 0 cancelled, 0 deleted, 11 unchanged"), "\(second.standardError)")
        #expect(try generate().status == 0)
        let calendar = try world.calendarEvents()
        #expect(calendar.map(\.shown) == (try world.feedEvents()).map(\.shown))
        #expect(calendar.first { $0.summary == "Trip to Lisbon" }?.sequence == 1)
        #expect(calendar.contains { $0.summary == "Connection 1 h 40 min · Frankfurt am Main (FRA)" && $0.sequence == 1 })
        let idle = try world.publish(options)
        #expect(idle.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 14 unchanged"), "\(idle.standardError)")
        try world.validateResources()
        let verdict = try ICSValidator.validate([world.folder.path("feed.ics")])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("the person's edit wins and is reported when the booking changes; overwrite replaces it; a deleted event comes back only when its booking changes", arguments: CalDAVTestServer.Kind.allCases)
    func personWins(kind: CalDAVTestServer.Kind) async throws {
        guard let world = try await Self.world(kind) else { return }
        try world.book("A", "2030-06-14T19:30:00-07:00")
        try world.book("B", "2030-06-15T19:30:00-07:00")
        #expect(try world.publish().status == 0)
        let events = try world.calendarEvents()
        let a = try #require(events.first { $0.summary.contains("Dinner A") })
        let b = try #require(events.first { $0.summary.contains("Dinner B") })

        try Self.person(world, ["edit", a.uid, "Dinner A with Grace"])
        try Self.person(world, ["delete", b.uid])
        var run = try world.publish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 0 unchanged; left as they are: 1 edited in the calendar, 1 deleted in the calendar"), "\(run.standardError)")
        #expect(try world.calendarEvents().map(\.summary) == ["Dinner A with Grace"])

        // Both bookings change.
        try world.book("A", "2030-06-14T20:30:00-07:00")
        try world.book("B", "2030-06-15T20:30:00-07:00")
        run = try world.publish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("warning: Restaurant · Dinner A (2 people): edited in the calendar since it was published, and its reservation changed"), "\(run.standardError)")
        #expect(run.standardError.contains("1 created"), "\(run.standardError)")
        var calendar = try world.calendarEvents()
        #expect(calendar.first { $0.uid == a.uid }?.summary == "Dinner A with Grace")
        #expect(calendar.first { $0.uid == b.uid }?.start?.hasPrefix("2030-06-15T20:30:00") == true)

        run = try world.publish(["--on-conflict", "overwrite"])
        #expect(run.status == 0, "\(run.standardError)")
        calendar = try world.calendarEvents()
        let replaced = try #require(calendar.first { $0.uid == a.uid })
        #expect(replaced.summary == "Restaurant · Dinner A (2 people)")
        #expect(replaced.start?.hasPrefix("2030-06-14T20:30:00") == true)
        #expect(replaced.sequence > 1)
        try world.validateResources()
    }

    @Test("listed by sync-collection against a mirror: the person's edits between runs are seen; a forgotten token, a damaged or a lost mirror cost a full listing, never a wrong plan", arguments: CalDAVTestServer.Kind.allCases)
    func mirror(kind: CalDAVTestServer.Kind) async throws {
        guard let world = try await Self.world(kind) else { return }
        for number in ["A", "B", "C"] { try world.book(number, "2030-06-14T19:30:00-07:00") }
        #expect(try world.publish().status == 0)
        let mirror = world.folder.path("state.mirror")
        let text = try String(contentsOfFile: mirror, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "reservation-feed calendar mirror 1")
        #expect(lines.dropFirst().first.map(String.init) == world.calendar.absoluteString)
        // Listed before the run wrote: its own writes come back as changes next time.
        #expect(!text.contains("BEGIN:VCALENDAR"))
        #expect((try FileManager.default.attributesOfItem(atPath: mirror)[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The person edits one; the next run learns it from the changes alone.
        let a = try #require(try world.calendarEvents().first { $0.summary.contains("Dinner A") })
        try Self.person(world, ["edit", a.uid, "Dinner A with Grace"])
        try world.book("A", "2030-06-14T20:30:00-07:00")
        var run = try world.publish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("edited in the calendar since it was published, and its reservation changed"), "\(run.standardError)")
        #expect(try String(contentsOfFile: mirror, encoding: .utf8).components(separatedBy: "BEGIN:VCALENDAR").count - 1 == 3)

        // A token the server does not know: listed afresh.
        var damaged = lines
        damaged[2] = "http://radicale.org/ns/sync/0000000000000000000000000000000000000000000000000000000000000000"
        try damaged.joined(separator: "\n").write(toFile: mirror, atomically: true, encoding: .utf8)
        try world.book("B", "2030-06-15T20:30:00-07:00")
        run = try world.publish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("0 created, 1 updated"), "\(run.standardError)")

        // A damaged mirror, then none at all.
        try "reservation-feed calendar mirror 1\n\(world.calendar.absoluteString)\ntoken\nhttp://x/\t\"e\"\t99999\nBEGIN".write(toFile: mirror, atomically: true, encoding: .utf8)
        run = try world.publish()
        #expect(run.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 2 unchanged; left as they are: 1 edited"), "\(run.standardError)")
        try FileManager.default.removeItem(atPath: mirror)
        run = try world.publish()
        #expect(run.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 2 unchanged; left as they are: 1 edited"), "\(run.standardError)")
        let events = try world.calendarEvents()
        #expect(events.count == 3)
        #expect(Set(events.map(\.uid)).count == 3)
    }

    @Test("refused credentials, a URL that is not a calendar, a server that is down, a readable password file: exit 2, the URL named, nothing written")
    func failures() async throws {
        guard let world = try await Self.world(.radicale) else { return }
        try world.book("A", "2030-06-14T19:30:00-07:00")
        let wrong = try world.folder.write("wrong", "not-the-password\n")
        chmod(wrong, 0o600)
        let base = ["publish", world.inputs, "--now", Self.now, "--state", world.folder.path("state.json"), "--user", CalDAVTestServer.user]

        var run = try ProcessRunner.run(Self.tool, base + ["--calendar", world.calendar.absoluteString, "--password-file", wrong])
        #expect(run.status == 2)
        #expect(run.standardError.contains("error: \(world.calendar.absoluteString): the server refused the credentials (401); nothing was published"), "\(run.standardError)")

        run = try ProcessRunner.run(Self.tool, base + ["--calendar", world.server.nonCalendar.absoluteString, "--password-file", world.passwordFile])
        #expect(run.status == 2)
        #expect(run.standardError.contains("\(world.server.nonCalendar.absoluteString) is not a calendar; nothing was published. The account's calendars:"), "\(run.standardError)")
        #expect(run.standardError.contains("\t\(world.calendar.absoluteString)\n"), "\(run.standardError)")

        chmod(wrong, 0o644)
        run = try ProcessRunner.run(Self.tool, base + ["--calendar", world.calendar.absoluteString, "--password-file", wrong])
        #expect(run.status == 2)
        #expect(run.standardError.contains("the file can be read by other users (mode 644); chmod 600 it"), "\(run.standardError)")

        run = try ProcessRunner.run(Self.tool, ["publish", world.inputs, "--calendar", "http://ada:lovelace@127.0.0.1:1/cal/"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("put no user or password in the URL"), "\(run.standardError)")

        world.server.stop()
        run = try world.publish()
        #expect(run.status == 2)
        #expect(run.standardError.contains("error: \(world.calendar.absoluteString): no answer"), "\(run.standardError)")
        try await world.server.restart()
        #expect(try world.calendarEvents().isEmpty)
    }

    @Test("a server killed in the middle of a run: exit 1, what was not written is said; after a restart the next run completes it, with no event twice")
    func serverKilledMidRun() async throws {
        guard let world = try await Self.world(.radicale) else { return }
        let count = 300
        for index in 0..<count {
            try world.book("N\(index)", "2030-07-\(String(format: "%02d", index % 28 + 1))T\(String(format: "%02d", 8 + index % 12)):00:00-07:00")
        }
        let process = Process()
        process.executableURL = Self.tool
        process.arguments = [
            "publish", world.inputs, "--calendar", world.calendar.absoluteString, "--state", world.folder.path("state.json"), "--now", Self.now,
            "--user", CalDAVTestServer.user, "--password-file", world.passwordFile,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Kill the server once some events are in.
        let stored = world.server.storage.appendingPathComponent("collection-root/\(CalDAVTestServer.user)/trips").path
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let items = (try? FileManager.default.contentsOfDirectory(atPath: stored).filter { $0.hasSuffix(".ics") }.count) ?? 0
            if items >= 20 { break }
            usleep(5_000)
        }
        world.server.stop()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else {
            Issue.record("the run finished before the server was stopped: the test could not stop it mid-run")
            return
        }
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(text.contains("not written (the next run writes them)"), "\(text)")
        #expect(text.contains(world.calendar.absoluteString), "\(text)")

        try await world.server.restart()
        let again = try world.publish()
        #expect(again.status == 0, "\(again.standardError)")
        let events = try world.calendarEvents()
        #expect(events.count == count)
        #expect(Set(events.map(\.uid)).count == count)
    }

    @Test("two runs at once, from one machine (one state) or two (two states): every event once", arguments: [false, true])
    func twoRunsAtOnce(twoMachines: Bool) async throws {
        guard let world = try await Self.world(.radicale) else { return }
        for index in 0..<40 {
            try world.book("T\(index)", "2030-08-\(String(format: "%02d", index % 28 + 1))T19:30:00-07:00")
        }
        let results = try await withThrowingTaskGroup(of: ProcessOutput.self) { group in
            for run in 0..<2 {
                group.addTask { try world.publish([], state: twoMachines ? "state-\(run).json" : "state.json") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        let events = try world.calendarEvents()
        #expect(events.count == 40)
        #expect(Set(events.map(\.uid)).count == 40)
        #expect(events.allSatisfy { $0.sequence == 0 })
    }
}
