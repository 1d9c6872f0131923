import Foundation
import Mailboxes
import Testing

/// What readers keep beside cached messages goes with the message: a message no longer kept
/// leaves no answer of KDE's extractor, no sender's verdict, behind.
@Suite("What is kept beside cached messages")
struct MailCacheMemoTests {
    @Test("memos of messages no longer kept are removed; those of kept and too-large messages stay")
    func orphans() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mail-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = MailCache(root: root)
        let mailbox = try MailboxURL("imaps://ada@mail.example/Travel")
        let generation = cache.directory(of: mailbox) + "/1795472066"
        try FileManager.default.createDirectory(atPath: generation, withIntermediateDirectories: true)
        let files = [
            "20.eml", "20.kitinerary", "20.authentication",  // kept, with what was found of it
            "21.kitinerary", "21.authentication",  // its message deleted by hand
            "22.too-large", "22.authentication",  // noted as too large: kept
            "23.kitinerary.partial",  // half-written, its message gone
            "state-notes.txt",  // not the cache's to judge
        ]
        for name in files { FileManager.default.createFile(atPath: generation + "/" + name, contents: Data("x".utf8)) }
        #expect(cache.removeOrphanedMemos(of: mailbox) == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: generation).sorted()
        #expect(left == ["20.authentication", "20.eml", "20.kitinerary", "22.authentication", "22.too-large", "state-notes.txt"])
        #expect(cache.removeOrphanedMemos(of: mailbox) == 0)
    }
}
