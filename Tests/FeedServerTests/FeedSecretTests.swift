import Foundation
import TestSupport
import Testing

@testable import FeedServer

@Suite("The secret beside the feed")
struct FeedSecretTests {
    @Test("made on first use with mode 0600, the same after a restart, new after a rotation")
    func lifeCycle() throws {
        let folder = try TemporaryFolder("secret")
        let feed = folder.path("trips.ics")
        let first = try FeedSecret.load(beside: feed)
        let attributes = try FileManager.default.attributesOfItem(atPath: FeedSecret.path(beside: feed))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FeedSecret.load(beside: feed) == first)
        let rotated = try FeedSecret.rotate(beside: feed)
        #expect(rotated != first)
        #expect(try FeedSecret.load(beside: feed) == rotated)
        try FileManager.default.removeItem(atPath: FeedSecret.path(beside: feed))
        #expect(try FeedSecret.load(beside: feed) != rotated)
    }

    @Test("a secret file others can read, or one without a secret in it, is refused with a reason")
    func refused() throws {
        let folder = try TemporaryFolder("secret-refused")
        let feed = folder.path("trips.ics")
        _ = try FeedSecret.load(beside: feed)
        chmod(FeedSecret.path(beside: feed), 0o644)
        #expect {
            _ = try FeedSecret.load(beside: feed)
        } throws: { error in
            "\(error)".contains("can be read by others")
        }
        try "short\n".write(toFile: FeedSecret.path(beside: feed), atomically: false, encoding: .utf8)
        chmod(FeedSecret.path(beside: feed), 0o600)
        #expect {
            _ = try FeedSecret.load(beside: feed)
        } throws: { error in
            "\(error)".contains("does not hold a secret")
        }
    }
}
