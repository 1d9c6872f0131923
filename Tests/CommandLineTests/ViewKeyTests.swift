import Foundation
import TestSupport
import Testing

/// The view key: the shared and busy views' UIDs are made with a secret of the person's, so that
/// one who has a view cannot check a guessed booking number against them.
@Suite("The view key")
struct ViewKeyTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"

    static func uids(_ feed: String) -> Set<String> {
        Set(feed.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) })
    }

    static func generate(_ extra: [String], state: String) throws -> ProcessOutput {
        try ProcessRunner.run(
            tool, ["generate", "Examples/trip", "--output", "-", "--now", now] + extra, environment: ["XDG_STATE_HOME": state])
    }

    @Test("made on first use (0600, 256 bits), kept, and used: the same UIDs from run to run and with the same key named, others with another key")
    func madeAndKept() throws {
        let folder = try TemporaryFolder("view-key")
        let state = folder.path("state")
        let full = try Self.generate([], state: state)
        #expect(full.status == 0)
        #expect(!FileManager.default.fileExists(atPath: state + "/reservation-feed/view-key"), "the full view needs no key")

        let first = try Self.generate(["--view", "shared"], state: state)
        #expect(first.status == 0, "\(first.standardError)")
        let path = state + "/reservation-feed/view-key"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let key = try String(contentsOfFile: path, encoding: .utf8)
        #expect(key.count == 65 && key.hasSuffix("\n") && key.dropLast().allSatisfy(\.isHexDigit), "\(key)")

        let second = try Self.generate(["--view", "shared"], state: state)
        #expect(Self.uids(second.standardOutput) == Self.uids(first.standardOutput))
        let elsewhere = try Self.generate(["--view", "shared"], state: folder.path("other"))
        #expect(Self.uids(elsewhere.standardOutput).isDisjoint(with: Self.uids(first.standardOutput)))
        // The same key named: the same UIDs, on any machine.
        let named = try Self.generate(["--view", "shared", "--view-key", path], state: folder.path("third"))
        #expect(Self.uids(named.standardOutput) == Self.uids(first.standardOutput))
        #expect(Self.uids(first.standardOutput).isDisjoint(with: Self.uids(full.standardOutput)) && Self.uids(first.standardOutput).count == 8)
    }

    @Test("a key file that is missing, readable by others or too short stops the run before anything is written (exit 2)")
    func refused() throws {
        let folder = try TemporaryFolder("view-key-refused")
        let state = folder.path("state")
        let missing = try Self.generate(["--view", "busy", "--view-key", folder.path("nope")], state: state)
        #expect(missing.status == 2 && missing.standardError.contains("the file does not exist"), "\(missing.standardError)")
        let open = try folder.write("open-key", "0123456789abcdef0123456789abcdef\n")
        chmod(open, 0o644)
        let readable = try Self.generate(["--view", "shared", "--view-key", open], state: state)
        #expect(readable.status == 2 && readable.standardError.contains("can be read or changed by others"), "\(readable.standardError)")
        let short = try folder.write("short-key", "abc\n")
        chmod(short, 0o600)
        let tooShort = try Self.generate(["--view", "shared", "--view-key", short], state: state)
        #expect(tooShort.status == 2 && tooShort.standardError.contains("16 characters or more"), "\(tooShort.standardError)")
        #expect(missing.standardOutput.isEmpty && readable.standardOutput.isEmpty && tooShort.standardOutput.isEmpty)
        // A link planted where the default key belongs is no key: the person's own file it
        // points to may be one a subscriber knows.
        let planted = folder.path("planted")
        try FileManager.default.createDirectory(atPath: planted + "/reservation-feed", withIntermediateDirectories: true)
        chmod(planted + "/reservation-feed", 0o700)
        let known = try folder.write("known-secret", "KnownToSubscriberSecret1234\n")
        chmod(known, 0o600)
        try FileManager.default.createSymbolicLink(atPath: planted + "/reservation-feed/view-key", withDestinationPath: known)
        let linked = try Self.generate(["--view", "shared"], state: planted)
        #expect(linked.status == 2 && linked.standardError.contains("is not a file"), "\(linked.standardError)")
        // A key named for the full view is a mistake, said.
        let full = try Self.generate(["--view-key", short], state: state)
        #expect(full.status == 2 && full.standardError.contains("--view-key is the key of the shared and busy views"), "\(full.standardError)")
    }

    @Test("a view written with one key and made again with another is not wiped: the run says another key made it, and writes nothing (exit 2)")
    func anotherKey() throws {
        let folder = try TemporaryFolder("view-key-other")
        let output = folder.path("family.ics")
        let run = { (state: String) in
            try ProcessRunner.run(
                Self.tool, ["generate", "Examples/trip", "--output", output, "--now", Self.now, "--view", "shared"], environment: ["XDG_STATE_HOME": state])
        }
        #expect(try run(folder.path("cron")).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: output))
        let other = try run(folder.path("systemd"))
        #expect(other.status == 2, "\(other.standardError)")
        #expect(other.standardError.contains("none of the view's 8 live events is made from the input with this view key"), "\(other.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    }
}

