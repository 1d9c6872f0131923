import Basics
import Foundation
import TestSupport
import Testing

/// `publish --follow`, left running as a service runs it, against Radicale started by the test:
/// bookings added and changed while it runs reach the calendar within seconds, a server that goes
/// away is waited for, and SIGTERM ends it cleanly.
@Suite("publish --follow", .serialized)
struct PublishFollowTests {
    /// The running publisher, its standard error gathered as it comes.
    final class Follower: @unchecked Sendable {
        let process = Process()
        let errors = Locked("")

        init(_ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = [:]) throws {
            process.executableURL = PublishCommandTests.tool
            process.arguments = arguments
            if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            let pipe = Pipe()
            process.standardError = pipe
            let errors = self.errors
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var said: String { errors.withLock { $0 } }

        /// Waits up to `seconds` for `condition`; returns the seconds it took, or `nil`.
        func wait(_ seconds: Double, for condition: () throws -> Bool) rethrows -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if try condition() { return Date().timeIntervalSince(start) }
                usleep(100_000)
            }
            return nil
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    @Test("bookings added and changed while it runs are published within 10 s; a stopped server is waited for; SIGTERM exits 0 with every event once")
    func follow() async throws {
        guard let world = try await PublishCommandTests.world(.radicale) else { return }
        try world.book("A", "2030-06-14T19:30:00-07:00")
        let follower = try Follower(
            [
                "publish", world.inputs, "--calendar", world.server.root.absoluteString, "--calendar-name", "Trips", "--follow",
                "--now", PublishCommandTests.now, "--state", world.folder.path("state.json"), "--user", CalDAVTestServer.user,
                "--password-file", world.passwordFile,
            ], in: world.folder)
        let calendar = PublishCommandTests.World.Calendar(world, world.server.nonCalendar.appendingPathComponent("trips-2/"))
        // The world's own "trips" collection has no display name, so "Trips" is made beside it.
        let first = try follower.wait(60) { follower.said.contains("1 created") }
        try #require(first != nil, "the first run did not publish: \(follower.said)")
        #expect(follower.said.contains("Created the calendar Trips at \(calendar.url.absoluteString)"), "\(follower.said)")

        try world.book("B", "2030-06-15T20:00:00-07:00")
        let added = try follower.wait(10) { try calendar.events().map(\.uid).count == 2 }
        #expect(added != nil, "a new booking was not published within 10 s: \(follower.said)")

        try world.book("A", "2030-06-14T21:00:00-07:00")
        let changed = try follower.wait(10) { try calendar.events().contains { $0.summary.contains("Dinner A") && $0.sequence == 1 } }
        #expect(changed != nil, "a changed booking was not published within 10 s: \(follower.said)")

        world.server.stop()
        try world.book("C", "2030-06-16T19:00:00-07:00")
        let waiting = follower.wait(15) { follower.said.contains("trying again in 5 s") }
        #expect(waiting != nil, "a stopped server was not waited for: \(follower.said)")
        try await world.server.restart()
        let caughtUp = try follower.wait(30) { try calendar.events().count == 3 }
        #expect(caughtUp != nil, "the booking made while the server was away was not published after it came back: \(follower.said)")

        kill(follower.process.processIdentifier, SIGTERM)
        let ended = follower.wait(20) { !follower.process.isRunning }
        try #require(ended != nil, "SIGTERM did not end it: \(follower.said)")
        #expect(follower.process.terminationStatus == 0, "\(follower.said)")
        #expect(follower.said.contains("SIGTERM: stopping after the run under way"), "\(follower.said)")

        let events = try calendar.events()
        #expect(events.count == 3)
        #expect(Set(events.map(\.uid)).count == 3)
        #expect(events.first { $0.summary.contains("Dinner A") }?.start?.hasPrefix("2030-06-14T21:00:00") == true, "\(events)")
    }

    @Test("refused credentials at the start: exit 2 at once, not a retry loop")
    func refusedAtStart() async throws {
        guard let world = try await PublishCommandTests.world(.radicale) else { return }
        try world.book("A", "2030-06-14T19:30:00-07:00")
        let wrong = try world.folder.write("wrong", "not-the-password\n")
        chmod(wrong, 0o600)
        let follower = try Follower(
            [
                "publish", world.inputs, "--calendar", world.calendar.absoluteString, "--follow", "--now", PublishCommandTests.now,
                "--state", world.folder.path("state.json"), "--user", CalDAVTestServer.user, "--password-file", wrong,
            ], in: world.folder)
        let ended = follower.wait(20) { !follower.process.isRunning }
        try #require(ended != nil, "it kept running: \(follower.said)")
        #expect(follower.process.terminationStatus == 2)
        #expect(follower.said.contains("the server refused the credentials (401)"), "\(follower.said)")
    }
}
