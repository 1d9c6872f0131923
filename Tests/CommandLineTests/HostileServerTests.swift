import Foundation
import TestSupport
import Testing

/// `publish` against a CalDAV server that answers as a compromised or buggy one would
/// (`Tests/Tools/hostile_caldav.py`): where each request went, and with which credentials.
@Suite("Hostile calendar servers")
struct HostileServerTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-06-01T09:00:00Z"

    /// A folder with a booking, a password file and a state file's place.
    private struct Setup {
        let folder: TemporaryFolder
        let password: String

        init() throws {
            folder = try TemporaryFolder("hostile")
            password = try folder.write("password", "secret\n")
            chmod(password, 0o600)
            try book()
        }

        func book() throws {
            try folder.write(
                "bookings/dinner.json",
                #"{"reservations": [{"type": "restaurant", "reservationNumber": "H1", "startTime": "2030-06-14T19:00:00-07:00[America/Los_Angeles]", "place": {"name": "Dinner H1"}}]}"#)
        }

        func publish(_ server: HostileCalDAVServer, _ extra: [String] = []) throws -> ProcessOutput {
            try ProcessRunner.run(HostileServerTests.tool, arguments(server, extra))
        }

        /// A run of publish, and its peak resident memory in kilobytes.
        func measuredPublish(_ server: HostileCalDAVServer) throws -> (output: ProcessOutput, peakKB: Int) {
            let output = try ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", Repository.url("Tests/Tools/peak_memory.py").path, HostileServerTests.tool.path] + arguments(server, []))
            let peak = output.standardError.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") }
            return (output, try #require(peak, "\(output.standardError)"))
        }

        private func arguments(_ server: HostileCalDAVServer, _ extra: [String]) -> [String] {
            ["publish", folder.path("bookings"), "--calendar", server.calendar.absoluteString, "--user", "ada", "--password-file", password,
             "--state", folder.path("state.json"), "--now", HostileServerTests.now] + extra
        }
    }

    @Test("a listing that names resources outside the calendar: nothing is written to or deleted there, nothing goes to another host, and each is reported")
    func outsideHrefs() throws {
        let server = try HostileCalDAVServer(.honest)
        let setup = try Setup()
        let first = try setup.publish(server)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("1 created"), "\(first.standardError)")

        // The server now names the tool's own event at four places outside the calendar, and the
        // booking is gone, so that a run that believed the listing would cancel or delete it there.
        try server.set(.outside)
        try FileManager.default.removeItem(atPath: setup.folder.path("bookings/dinner.json"))
        try setup.folder.write("bookings/other.json", #"{"reservations": [{"type": "restaurant", "reservationNumber": "H2", "startTime": "2030-06-15T19:00:00-07:00[America/Los_Angeles]", "place": {"name": "Dinner H2"}}]}"#)
        let before = server.requests.count
        for extra in [[], ["--missing", "drop", "--allow-shrink"], ["--full-listing"]] {
            let second = try setup.publish(server, extra)
            #expect(second.status == 0, "\(second.standardError)")
            // Four places for each event the server keeps.
            let reported = second.standardError.components(separatedBy: "outside the calendar (\(server.calendar.absoluteString)): left alone").count - 1
            #expect(reported >= 4 && reported % 4 == 0, "\(second.standardError)")
        }
        let later = server.requests.dropFirst(before)
        let writes = later.filter { ["PUT", "DELETE"].contains($0.method) }
        #expect(!writes.isEmpty, "the new booking is created")
        for request in writes {
            #expect(request.path.hasPrefix("/cal/") && !request.path.contains("..") && !request.path.lowercased().contains("%2e"), "\(request.method) \(request.path)")
        }
        #expect(!later.contains { $0.address == "127.0.0.2" }, "a request, with the password, went to another host")
    }

    @Test("a listing whose headers come and then nothing: the run gives up after 30 s without a byte, says so, exit 2, its state untouched")
    func headersThenSilence() throws {
        let server = try HostileCalDAVServer(.honest)
        let setup = try Setup()
        #expect(try setup.publish(server).status == 0)
        let state = try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json")))
        try server.set(.silence)
        let started = Date()
        let result = try setup.publish(server)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("the server stopped sending in the middle of its answer (nothing for 30 s)"), "\(result.standardError)")
        #expect(elapsed < 90, "it waited \(Int(elapsed)) s")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json"))) == state)
    }

    @Test("an answer that announces a size past what such an answer can be: refused before a byte of it is read, at once")
    func announcedSize() throws {
        let server = try HostileCalDAVServer(.announce)
        let setup = try Setup()
        let started = Date()
        let result = try setup.publish(server)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("the answer is 953674 MB, larger than 16 MB"), "\(result.standardError)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("calendars, against the same: an answer announcing a size past what it can be is refused at once, the password never sent elsewhere")
    func calendarsAnnounced() throws {
        let server = try HostileCalDAVServer(.announce)
        let setup = try Setup()
        let started = Date()
        let result = try ProcessRunner.run(
            Self.tool, ["calendars", "http://127.0.0.1:\(server.port)/", "--user", "ada", "--password-file", setup.password])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("larger than 16 MB"), "\(result.standardError)")
        #expect(!result.standardError.contains("secret"))
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(server.requests.allSatisfy { $0.address == "127.0.0.1" })
    }

    @Test(
        "a listing that never ends, of large events or of tiny responses: the run stops at the listing's limit, in bounded memory, exit 2, its state untouched",
        arguments: [
            (HostileCalDAVServer.Mode.flood, "the calendar's listing is larger than 128 MB"),
            (.swarm, "the calendar's listing names more than 100000 resources"),
        ])
    func endless(mode: HostileCalDAVServer.Mode, message: String) throws {
        let server = try HostileCalDAVServer(.honest)
        let setup = try Setup()
        #expect(try setup.publish(server).status == 0)
        let state = try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json")))
        try server.set(mode)
        let (result, peak) = try setup.measuredPublish(server)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(peak < Sanitizer.memoryBound(300_000), "peak memory \(peak) KB")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json"))) == state)
    }

    @Test("a calendar of 20,000 events of the person's own: listed in bounded memory, the booking published beside them, none of them touched")
    func crowdedCalendar() throws {
        let server = try HostileCalDAVServer(.crowd)
        let setup = try Setup()
        let (result, peak) = try setup.measuredPublish(server)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("1 created"), "\(result.standardError)")
        #expect(peak < Sanitizer.memoryBound(300_000), "peak memory \(peak) KB")
        let writes = server.requests.filter { ["PUT", "DELETE"].contains($0.method) }
        #expect(writes.count == 1 && writes.allSatisfy { !$0.path.contains("/own-") }, "\(writes)")
    }

    @Test("a listing nested 200,000 deep (once a stack overflow, exit -11 with no word): the run stops with the reason, exit 2, its state untouched")
    func deepListing() throws {
        let server = try HostileCalDAVServer(.honest)
        let setup = try Setup()
        #expect(try setup.publish(server).status == 0)
        let state = try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json")))
        try server.set(.deep)
        let result = try setup.publish(server)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("elements nested more than 256 deep"), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("state.json"))) == state)
    }

    @Test("publish --follow against the same: each hostile answer (a listing nested 200,000 deep, one naming resources elsewhere) ends that attempt with its reason while the follower keeps running, and it publishes once the server answers honestly again")
    func following() throws {
        let server = try HostileCalDAVServer(.honest)
        let setup = try Setup()
        let follower = try PublishFollowTests.Follower(
            [
                "publish", setup.folder.path("bookings"), "--calendar", server.calendar.absoluteString, "--user", "ada", "--password-file",
                setup.password, "--state", setup.folder.path("state.json"), "--now", Self.now, "--follow",
            ], in: setup.folder)
        defer { if follower.process.isRunning { kill(follower.process.processIdentifier, SIGKILL) } }
        try #require(follower.wait(60) { follower.said.contains("1 created") } != nil, "\(follower.said)")

        try server.set(.deep)
        try setup.folder.write(
            "bookings/second.json",
            #"{"reservations": [{"type": "restaurant", "reservationNumber": "H2", "startTime": "2030-06-15T19:00:00-07:00[America/Los_Angeles]", "place": {"name": "Dinner H2"}}]}"#)
        #expect(follower.wait(30) { follower.said.contains("elements nested more than 256 deep") } != nil, "\(follower.said)")
        #expect(follower.wait(15) { follower.said.contains("trying again in") } != nil, "\(follower.said)")
        #expect(follower.process.isRunning)

        try server.set(.honest)
        #expect(follower.wait(60) { follower.said.components(separatedBy: "1 created").count - 1 >= 2 } != nil, "\(follower.said)")
        #expect(server.requests.filter { $0.method == "PUT" }.count == 2)
        kill(follower.process.processIdentifier, SIGTERM)
        #expect(follower.wait(20) { !follower.process.isRunning } != nil)
        #expect(follower.process.terminationStatus == 0, "\(follower.said)")
    }
}

