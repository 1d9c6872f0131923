import Basics
import Foundation
@testable import Programs
import TestSupport
import Testing

/// Following a folder of inputs: a change is told once per burst, files the run writes itself
/// are not changes, and stopping ends the sequence and the watcher's telling.
@Suite("Following the inputs' changes")
struct InputChangesTests {
    @Test("a burst of files is one change; an ignored file is none; stop ends the sequence")
    func burstIgnoredAndStop() async throws {
        let folder = try TemporaryFolder("input-changes")
        let inputs = folder.path("inputs")
        try FileManager.default.createDirectory(atPath: inputs + "/nested", withIntermediateDirectories: true)
        let feed = inputs + "/feed.ics"
        let changes = try InputChanges(inputs: [inputs], ignoring: [feed])
        let seen = Locked<[InputChanges.Change]>([])
        let following = Task {
            for await change in changes { seen.withLock { $0.append(change) } }
        }

        // The run's own feed, written into the watched folder, is not a change.
        try Data("BEGIN:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: feed))
        try await Task.sleep(for: .milliseconds(800))
        #expect(seen.withLock { $0 }.isEmpty)

        // Ten files copied at once (one of them in a folder below) are one regeneration's worth.
        for number in 0..<10 {
            let place = number == 9 ? inputs + "/nested" : inputs
            try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(place)/booking-\(number).json"))
        }
        for _ in 0..<200 where seen.withLock({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(25))
        }
        try await Task.sleep(for: .milliseconds(800))
        let told = seen.withLock { $0 }
        #expect(told.count == 1)
        if case .file(let what)? = told.first {
            #expect(what.hasPrefix(InputWatcherPaths.standardized(inputs) + "/booking-"))
        } else {
            Issue.record("told \(told), not one change of a file")
        }

        // Stopping ends the sequence (and the follower's loop with it).
        changes.stop()
        await following.value
    }

    @Test("after stop, the watcher's thread tells nothing more")
    func nothingAfterStop() async throws {
        let folder = try TemporaryFolder("input-watcher-stop")
        let told = Locked(0)
        let watcher = InputWatcher(inputs: [folder.url.path]) { _ in told.withLock { $0 += 1 } }
        watcher.quietPeriod = 0.05
        watcher.start()
        try await Task.sleep(for: .milliseconds(200))
        watcher.stop()
        try await Task.sleep(for: .milliseconds(200))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.path("late.json")))
        try await Task.sleep(for: .milliseconds(600))
        #expect(told.withLock { $0 } == 0)
    }
}

/// Paths compared as the watcher compares them (`/tmp` may be a link elsewhere).
private enum InputWatcherPaths {
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
