import Foundation
import Synchronization
import TestSupport
import Testing

/// Two runs at once, a run killed half-way, and quiet runs for cron: on the real program.
@Suite("Feed safety")
struct FeedSafetyTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-06-01T09:00:00Z"

    private func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func copyTrip(to folder: URL) throws {
        try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: folder)
    }

    private static func extra(_ number: String) -> String {
        #"{"type": "restaurant", "reservationNumber": "\#(number)", "startTime": "2030-06-20T19:30:00[Europe/Paris]", "place": {"name": "Extra \#(number)"}}"#
    }

    @Test("two runs at once take turns: the later one sees the earlier one's feed")
    func concurrent() throws {
        let folder = try TemporaryFolder("concurrent")
        for name in ["a", "b"] {
            try copyTrip(to: folder.url.appendingPathComponent(name))
            try folder.write("\(name)/extra.json", Self.extra(name.uppercased()))
        }
        let feed = folder.path("feed.ics")
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let input = folder.path(index == 0 ? "a" : "b")
            let result = try? ProcessRunner.run(Self.tool, ["generate", input, "-o", feed, "--now", Self.now, "--wait", "30"])
            statuses.withLock { $0.append(result?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == [0, 0])
        let text = String(decoding: try read(feed), as: UTF8.self)
        // 8 trip events, the later run's extra, and the earlier run's extra as a cancelled tombstone.
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 10)
        #expect(text.components(separatedBy: "STATUS:CANCELLED").count - 1 == 1)
        #expect(text.contains("Extra A") && text.contains("Extra B"))
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("a run killed at any moment leaves the old feed or the new one, complete")
    func killed() throws {
        let folder = try TemporaryFolder("killed")
        try copyTrip(to: folder.url.appendingPathComponent("trip"))
        let reservations = (0..<3000).map { index in
            #"{"type": "restaurant", "reservationNumber": "K\#(index)", "startTime": "2030-07-\#(String(format: "%02d", 1 + index % 28))T19:30:00[Europe/Paris]", "place": {"name": "Bistro \#(index)"}}"#
        }
        try folder.write("trip/big.json", "{\"reservations\": [\(reservations.joined(separator: ",\n"))]}")
        try FileManager.default.removeItem(atPath: folder.path("trip/1-restaurant-epic-steak.json"))
        let feed = folder.path("feed.ics")
        let arguments = ["generate", folder.path("trip"), "-o", feed, "--now", Self.now]

        // The old feed: the trip without the big file. The new one: with it, made once to know its bytes.
        try FileManager.default.moveItem(atPath: folder.path("trip/big.json"), toPath: folder.path("big.json"))
        #expect(try ProcessRunner.run(Self.tool, arguments).status == 0)
        let old = try read(feed)
        try FileManager.default.moveItem(atPath: folder.path("big.json"), toPath: folder.path("trip/big.json"))
        let started = Date()
        #expect(try ProcessRunner.run(Self.tool, arguments).status == 0)
        let duration = Date().timeIntervalSince(started)
        let new = try read(feed)
        #expect(new != old)

        for fraction in [0.1, 0.3, 0.5, 0.7, 0.85, 0.95] {
            try old.write(to: URL(fileURLWithPath: feed))
            let process = try ProcessRunner.start(Self.tool, arguments)
            Thread.sleep(forTimeInterval: duration * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try read(feed)
            #expect(after == old || after == new, "killed at \(Int(fraction * 100)) %: the feed is neither the old nor the new one")
        }
        // The next run clears what the killed ones left.
        #expect(try ProcessRunner.run(Self.tool, arguments).status == 0)
        #expect(try read(feed) == new)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".feed.ics.lock", "feed.ics", "trip"])
    }

    @Test("--quiet prints nothing when all is well, and errors only when not")
    func quiet() throws {
        let folder = try TemporaryFolder("quiet")
        try folder.write("in/floating.json", #"{"type": "restaurant", "reservationNumber": "Q1", "startTime": "2030-06-14T19:30"}"#)
        let feed = folder.path("feed.ics")
        let calm = try ProcessRunner.run(Self.tool, ["generate", folder.path("in"), "-o", feed, "--now", Self.now, "--quiet"])
        #expect(calm.status == 0)
        #expect(calm.standardError == "")
        try folder.write("in/broken.json", "{")
        let noisy = try ProcessRunner.run(Self.tool, ["generate", folder.path("in"), "-o", feed, "--now", Self.now, "--quiet"])
        #expect(noisy.status == 1)
        #expect(noisy.standardError == "\(folder.path("in/broken.json")): not valid JSON: expected a member name in double quotes, found end of file (line 1, column 2)\n")
    }

    @Test("the lock holds off a second run for --wait seconds, then it stops with status 2")
    func lockedOut() throws {
        let folder = try TemporaryFolder("locked")
        let feed = folder.path("feed.ics")
        let descriptor = open(folder.path(".feed.ics.lock"), O_RDWR | O_CREAT, 0o644)
        #expect(flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let result = try ProcessRunner.run(Self.tool, ["generate", "Examples/trip", "-o", feed, "--wait", "1"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("another reservation-feed run is writing this feed; waited 1 s"))
        #expect(!FileManager.default.fileExists(atPath: feed))
    }
}
