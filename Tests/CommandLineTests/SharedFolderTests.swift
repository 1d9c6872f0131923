import Foundation
import TestSupport
import Testing

/// Feeds, secrets and states written where others can write too (a folder with the sticky bit,
/// as `/tmp` is), with another user's links and files planted first, and under umasks.
///
/// The other user is `nobody`, whose part runs through `setpriv`: the tests need root for that,
/// as CI has; run as another user they say so and do not pass.
@Suite("Files in a shared folder, as the platform expects", .serialized)
struct SharedFolderTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"
    static let nobody = "65534"

    /// A folder with mode 1777, as `/tmp` is, or `nil` (with an issue recorded) when the tests
    /// cannot act as another user here.
    static func sharedFolder(_ label: String) throws -> TemporaryFolder? {
        guard geteuid() == 0 else {
            Issue.record("not run as root: another user's files cannot be planted through setpriv here, so this was not tried")
            return nil
        }
        let folder = try TemporaryFolder(label)
        try #require(chmod(folder.url.path, 0o1777) == 0)
        return folder
    }

    /// Runs a shell command as `nobody`.
    static func asNobody(_ command: String) throws {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "/bin/sh", "-c", command])
        try #require(result.status == 0, "as nobody: \(command): \(result.standardError)")
    }

    /// Runs the tool under a umask.
    static func run(_ arguments: [String], umask mask: String = "022") throws -> ProcessOutput {
        try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "umask \(mask) && exec \"$0\" \"$@\"", tool.path] + arguments)
    }

    /// Starts `serve` under a umask, lets it write its feed and secrets, stops it with SIGTERM
    /// once it prints its URL (or lets it end on its own, refusing), and returns what it said.
    static func serve(_ arguments: [String], umask mask: String = "022") throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(mask) && exec \"$0\" serve \"$@\"", tool.path] + arguments + ["--port", "0"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while !text.contains("\n"), Date() < deadline, process.isRunning {
            text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, standardError)
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).map { $0 } ?? -1
    }

    static func owner(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.ownerAccountID] as? Int) ?? -1
    }

    @Test("another user's symbolic link at the feed's path is refused, never followed: the root-owned file it points to keeps its bytes and mode")
    func plantedLink() throws {
        guard let shared = try Self.sharedFolder("shared-link") else { return }
        let precious = try TemporaryFolder("precious")
        let target = try precious.write("root-only", "precious\n")
        try #require(chmod(target, 0o600) == 0)
        try Self.asNobody("ln -s '\(target)' '\(shared.path("trips.ics"))'")
        let run = try Self.run(["generate", Repository.url("Examples/trip").path, "--output", shared.path("trips.ics"), "--now", Self.now])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(
            run.standardError.contains("\(shared.path("trips.ics")) is a symbolic link that belongs to another user (uid \(Self.nobody)): it is not followed; remove it"),
            "\(run.standardError)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try Self.mode(target) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared.path("trips.ics")) == target)

        // The person's own link is theirs to make: followed.
        let own = try TemporaryFolder("own-link")
        let real = own.path("real.ics")
        try FileManager.default.createSymbolicLink(atPath: own.path("trips.ics"), withDestinationPath: real)
        let followed = try Self.run(["generate", Repository.url("Examples/trip").path, "--output", own.path("trips.ics"), "--now", Self.now])
        #expect(followed.status == 0, "\(followed.standardError)")
        #expect(try String(contentsOfFile: real, encoding: .utf8).contains("BEGIN:VEVENT"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: own.path("trips.ics")) == real)
    }

    @Test("another user's file at the feed's path, and their secret beside it (mode 0600): refused, not replaced or believed; a secret as their link is not written through")
    func plantedFiles() throws {
        guard let shared = try Self.sharedFolder("shared-files") else { return }
        try Self.asNobody("printf 'BEGIN:VCALENDAR\\r\\n' > '\(shared.path("trips.ics"))' && chmod 0644 '\(shared.path("trips.ics"))'")
        let run = try Self.run(["generate", Repository.url("Examples/trip").path, "--output", shared.path("trips.ics"), "--now", Self.now])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("belongs to another user (uid \(Self.nobody)): it is neither read nor replaced"), "\(run.standardError)")
        #expect(try Self.owner(shared.path("trips.ics")) == Int(Self.nobody)!)

        let secretFeed = shared.path("served.ics")
        try Self.asNobody("umask 077 && echo k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL > '\(secretFeed).secret'")
        let serve = try Self.serve([Repository.url("Examples/trip").path, "--output", secretFeed])
        #expect(serve.status == 2, "\(serve.standardError)")
        #expect(serve.standardError.contains("\(secretFeed).secret belongs to another user (uid \(Self.nobody))"), "\(serve.standardError)")
        #expect(!serve.standardOutput.contains("k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL"))

        let precious = try TemporaryFolder("precious-secret")
        let target = try precious.write("root-only", "precious\n")
        let linkedFeed = shared.path("linked.ics")
        try Self.asNobody("ln -s '\(target)' '\(linkedFeed).secret'")
        let rotate = try Self.serve([Repository.url("Examples/trip").path, "--output", linkedFeed, "--rotate-secret"])
        #expect(rotate.status == 2, "\(rotate.standardError)")
        #expect(rotate.standardError.contains("is a symbolic link that belongs to another user"), "\(rotate.standardError)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    @Test("another user's link in the place of the --split folder or of serve's inbox is refused, never followed: the folder it points to is not written to or cleaned")
    func plantedFolderLinks() throws {
        guard let shared = try Self.sharedFolder("shared-folders") else { return }
        let precious = try TemporaryFolder("precious-folder")
        let own = try precious.write("own.ics", "BEGIN:VCALENDAR\r\nPRODID:-//ReservationFeed//test//EN\r\nEND:VCALENDAR\r\n")
        try #require(chmod(precious.url.path, 0o700) == 0)
        try Self.asNobody("ln -s '\(precious.url.path)' '\(shared.path("events"))' && ln -s '\(precious.url.path)' '\(shared.path("inbox"))'")
        let folder = try TemporaryFolder("split-output")
        let run = try Self.run(
            ["generate", Repository.url("Examples/trip").path, "--output", folder.path("trips.ics"), "--split", shared.path("events"), "--now", Self.now])
        #expect(run.status != 0, "\(run.standardError)")
        #expect(run.standardError.contains("\(shared.path("events")) is a symbolic link that belongs to another user (uid \(Self.nobody))"), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: precious.url.path) == ["own.ics"])
        #expect(FileManager.default.fileExists(atPath: own))

        let input = try TemporaryFolder("inbox-input")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/1-restaurant-epic-steak.json"), to: input.url.appendingPathComponent("1.json"))
        // serve makes its inbox at start, and stops there: nothing is served, written or followed.
        let served = try ProcessRunner.run(
            ServeCommandTests.tool, ["serve", input.url.path, "--output", input.path("trips.ics"), "--inbox", shared.path("inbox"), "--port", "0"])
        #expect(served.status == 2, "\(served.standardError)")
        #expect(served.standardError.contains("\(shared.path("inbox")) is a symbolic link that belongs to another user"), "\(served.standardError)")
        #expect(!FileManager.default.fileExists(atPath: input.path("trips.ics")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: precious.url.path) == ["own.ics"])
    }

    @Test("modes as the umask allows, none copied: the feed and --split files 0644 under 022 and 0600 under 077, an old feed's 0755 not kept; secrets always 0600", arguments: [("022", 0o644), ("077", 0o600)])
    func umask(mask: String, expected: Int) throws {
        let folder = try TemporaryFolder("umask-\(mask)")
        let feed = folder.path("trips.ics")
        try "".write(toFile: feed, atomically: false, encoding: .utf8)
        try #require(chmod(feed, 0o755) == 0)
        let run = try Self.run(
            ["generate", Repository.url("Examples/trip").path, "--output", feed, "--split", folder.path("events"), "--now", Self.now], umask: mask)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.mode(feed) == expected)
        let events = try FileManager.default.contentsOfDirectory(atPath: folder.path("events"))
        #expect(!events.isEmpty)
        for event in events { #expect(try Self.mode(folder.path("events/" + event)) == expected, "\(event)") }
        let lock = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".lock") }
        for name in lock { #expect(try Self.mode(folder.path(name)) == 0o600, "\(name)") }

        let served = folder.path("served.ics")
        let serve = try Self.serve([Repository.url("Examples/trip").path, "--output", served], umask: mask)
        #expect(serve.status == 0, "\(serve.standardError)")
        #expect(try Self.mode(served) == expected)
        #expect(try Self.mode(served + ".secret") == 0o600)
    }
}
