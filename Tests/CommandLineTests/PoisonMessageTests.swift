import Foundation
import TestSupport
import Testing

/// A message in an IMAP folder that stops a run while it is read is set aside after it has
/// stopped one run alone: reported once with its folder and UID, then skipped until its cached
/// copy changes. The runs that stopped are made as a killed run leaves them: their
/// `reading-PID` and `reading-alone-PID` files in the folder's cache, of a process gone.
@Suite("Messages that stop a run")
struct PoisonMessageTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"

    /// The ID of a process that has ended.
    static func deadProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("a message that stopped a run alone is reported once with its folder and UID, skipped after, and read again once its copy changes; those a stopped batch was reading are read alone, and not set aside")
    func setAside() throws {
        let folder = try TemporaryFolder("poison")
        let server = try IMAPTestServer()
        // Two signed booking e-mails of the repository's: a restaurant (UID 1) and a hotel (UID 2).
        try server.append(
            [Repository.url("Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml").path, Repository.url("Examples/markup/hotel-confirmation.eml").path],
            to: "Trips")
        let environment = server.environment(cache: folder.path("cache"))
        let feed = folder.path("trips.ics")
        func generate() throws -> ProcessOutput {
            try ProcessRunner.run(
                Self.tool, ["generate", server.url("Trips"), "--output", feed, "--now", Self.now] + Repository.dkimKeyOptions,
                environment: environment)
        }
        let first = try generate()
        #expect(first.status == 0, "\(first.standardError)")
        let baseline = try String(contentsOfFile: feed, encoding: .utf8)
        let events = baseline.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(events == 2, "\(first.standardError)")

        // The folder's cache directory: the one with a state file.
        let cache = try #require(
            FileManager.default.enumerator(atPath: folder.path("cache"))?.compactMap { $0 as? String }.first { $0.hasSuffix("/state") }
        ).dropLast("/state".count)
        let directory = folder.path("cache") + "/" + cache
        let generation = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { UInt32($0) != nil })

        // A batch was being read when a run stopped: both are read alone, nothing set aside.
        try "\(generation) 1\n\(generation) 2\n".write(toFile: directory + "/reading-\(try Self.deadProcess())", atomically: false, encoding: .utf8)
        let suspects = try generate()
        #expect(suspects.status == 0, "\(suspects.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/set-aside"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { !$0.hasPrefix("reading") })

        // Message 2 stopped a run while read alone: set aside, said once, its event kept.
        try "\(generation) 2\n".write(toFile: directory + "/reading-alone-\(try Self.deadProcess())", atomically: false, encoding: .utf8)
        let reported = try generate()
        #expect(reported.status == 1, "\(reported.standardError)")
        #expect(
            reported.standardError.contains("Trips;UIDVALIDITY=\(generation)/;UID=2: this message stopped an earlier run while it was read: it is set aside"),
            "\(reported.standardError)")
        #expect(try String(contentsOfFile: directory + "/set-aside", encoding: .utf8).hasPrefix("\(generation) 2 "))
        #expect(try String(contentsOfFile: feed, encoding: .utf8) == baseline, "an input with an error cancels nothing")

        let quiet = try generate()
        #expect(!quiet.standardError.contains("stopped an earlier run"), "said once: \(quiet.standardError)")
        #expect(try String(contentsOfFile: feed, encoding: .utf8).contains("EPIC Steak"))

        // Its copy downloaded again (a new time): read again.
        let copy = directory + "/\(generation)/2.eml"
        try #require(utimes(copy, nil) == 0)
        let again = try generate()
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try String(contentsOfFile: directory + "/set-aside", encoding: .utf8).isEmpty)
        #expect(try String(contentsOfFile: feed, encoding: .utf8).components(separatedBy: "BEGIN:VEVENT").count - 1 == events)
    }
}
