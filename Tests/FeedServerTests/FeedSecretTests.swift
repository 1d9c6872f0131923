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

    @Test("a rotation writes the new secret whole, 0600 even over a file others could read, and leaves nothing beside it")
    func rotationReplacesInOneStep() throws {
        let folder = try TemporaryFolder("secret-rotation")
        let feed = folder.path("trips.ics")
        try "k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL\n".write(toFile: FeedSecret.path(beside: feed), atomically: false, encoding: .utf8)
        chmod(FeedSecret.path(beside: feed), 0o644)
        let rotated = try FeedSecret.rotate(beside: feed)
        let attributes = try FileManager.default.attributesOfItem(atPath: FeedSecret.path(beside: feed))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOfFile: FeedSecret.path(beside: feed), encoding: .utf8) == rotated.value + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["trips.ics.secret"])
    }

    @Test("a folder where the secret cannot be written is named in the error")
    func unwritableFolder() throws {
        #expect {
            _ = try FeedSecret.rotate(beside: "/nonexistent-folder/trips.ics")
        } throws: { error in
            "\(error)".hasPrefix("cannot write /nonexistent-folder/trips.ics.secret: the folder /nonexistent-folder does not exist")
        }
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

    @Test("the inbox token: kept apart from the address (mode 0600), rotatable, taken only as a bearer token")
    func inboxToken() throws {
        let folder = try TemporaryFolder("inbox-token")
        let feed = folder.path("trips.ics")
        let secret = try FeedSecret.load(beside: feed)
        let token = try FeedSecret.loadInboxToken(beside: feed)
        #expect(FeedSecret.inboxTokenPath(beside: feed) == feed + ".inbox-token")
        #expect(token != secret)
        #expect(try FeedSecret.loadInboxToken(beside: feed) == token, "kept across restarts")
        var status = stat()
        #expect(stat(FeedSecret.inboxTokenPath(beside: feed), &status) == 0 && status.st_mode & 0o777 == 0o600)
        let rotated = try FeedSecret.rotateInboxToken(beside: feed)
        #expect(rotated != token)
        #expect(try FeedSecret.load(beside: feed) == secret, "rotating the token leaves the address alone")
        #expect(rotated.authorizes("Bearer \(rotated.value)"))
        #expect(rotated.authorizes("bearer  \(rotated.value) "))
        #expect(!rotated.authorizes("Bearer \(token.value)"))
        #expect(!rotated.authorizes("Basic \(rotated.value)"))
        #expect(!rotated.authorizes("Bearer"))
        #expect(!rotated.authorizes(rotated.value))
        #expect(!rotated.authorizes(nil))
        #expect(!"\(rotated)".contains(rotated.value))
    }
}
