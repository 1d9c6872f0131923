import Foundation
import IMAP
import Mailboxes
import TestSupport
import Testing

/// A folder synced over a connection already made, whose server side is a recording: what the
/// fuzz package does with arbitrary recordings, here with a well-formed one.
@Suite("IMAP over a connection already made")
struct RecordedServerTests {
    static let message = "From: a@example.org\r\nSubject: Hi\r\nMessage-ID: <r1@example.org>\r\n\r\nHello.\r\n"

    /// What a server says to the sync, answer after answer; libetpan tags its commands 1, 2, 3…
    static var recording: String {
        """
        * OK [CAPABILITY IMAP4rev1] recorded\r
        1 OK logged in\r
        * CAPABILITY IMAP4rev1\r
        2 OK done\r
        * 1 EXISTS\r
        * OK [UIDVALIDITY 7] ok\r
        * OK [UIDNEXT 2] ok\r
        3 OK [READ-ONLY] done\r
        * 1 FETCH (UID 1 RFC822.SIZE \(message.utf8.count))\r
        4 OK done\r
        * 1 FETCH (UID 1 BODY[] {\(message.utf8.count)}\r
        \(message))\r
        5 OK done\r
        * BYE\r
        6 OK bye\r

        """
    }

    /// Syncs a folder over a socket pair whose other end has said `recording` and closed.
    static func sync(_ recording: [UInt8], into cache: MailCache) throws -> Result<IMAPFolderSync.Outcome, IMAPError> {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        let written = recording.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) }
        #expect(written == recording.count)
        shutdown(pair[1], Int32(SHUT_WR))
        defer { close(pair[1]) }
        let mailbox = try MailboxURL("imap://ada@127.0.0.1/INBOX")
        return Result { () throws(IMAPError) in
            try IMAPFolderSync(cache: cache, timeout: 2).sync(mailbox, password: "secret", over: pair[0])
        }
    }

    @Test("a recorded server's message is downloaded into the cache")
    func recorded() throws {
        let folder = try TemporaryFolder("recorded-imap")
        let cache = MailCache(root: folder.path("cache"))
        let outcome = try Self.sync(Array(Self.recording.utf8), into: cache).get()
        #expect(outcome.downloaded == 1)
        let mailbox = try MailboxURL("imap://ada@127.0.0.1/INBOX")
        let entries = cache.entries(of: mailbox)
        #expect(entries.map(\.uid) == [1])
        let path = try #require(entries.first?.path)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == Self.message)
    }

    @Test("a recording cut anywhere ends in an error, never a hang or a crash", arguments: [40, 120, 200, 260, 300])
    func cut(at length: Int) throws {
        let folder = try TemporaryFolder("recorded-imap")
        let recording = Array(Self.recording.utf8)
        let result = try Self.sync(Array(recording.prefix(length)), into: MailCache(root: folder.path("cache")))
        guard case .failure(let error) = result else {
            Issue.record("a recording cut at \(length) of \(recording.count) bytes was taken whole")
            return
        }
        #expect(!error.reason.isEmpty)
    }

    /// What fuzzing found (`Fuzz/run imap`), each once a crash: now an outcome or an error.
    @Test("recordings that crashed libetpan or the sync, from fuzzing", arguments: ["ok-without-capabilities.txt", "empty-capability-list.txt", "literal-with-leading-zeros.txt", "literal-size-without-crlf.txt"])
    func fuzzRegressions(_ name: String) throws {
        let folder = try TemporaryFolder("recorded-imap")
        let recording = try Data(contentsOf: Repository.url("Tests/IMAPTests/Fixtures/fuzz-regressions/\(name)"))
        _ = try Self.sync(Array(recording), into: MailCache(root: folder.path("cache")))
    }

    @Test(
        "a literal's size however it is written: leading zeros read, more digits than any size refused before a byte is kept",
        arguments: [
            (String(repeating: "0", count: 40) + "\(message.utf8.count)", nil),
            (String(repeating: "0", count: 60) + "800000000074", "the server announced 800000000074 bytes"),
            (String(repeating: "9", count: 30), "the server announced 18446744073709551615 bytes"),
        ] as [(String, String?)])
    func literalSizes(written: String, refusal: String?) throws {
        let folder = try TemporaryFolder("recorded-imap")
        let cache = MailCache(root: folder.path("cache"))
        let recording = Self.recording.replacingOccurrences(of: "BODY[] {\(Self.message.utf8.count)}", with: "BODY[] {\(written)}")
        let result = try Self.sync(Array(recording.utf8), into: cache)
        switch (result, refusal) {
        case (.success(let outcome), nil):
            #expect(outcome.downloaded == 1)
        case (.failure(let error), let refusal?):
            #expect(error.reason.contains(refusal), "\(error.reason)")
        default:
            Issue.record("\(result), expected \(refusal ?? "the message")")
        }
    }

    @Test("a literal's size past the limit is refused at its `}`, whatever follows (libetpan allocates it there: 2 GB, found by fuzzing); `{N}` inside a quoted string is text")
    func literalHeaderAlone() throws {
        for tail in ["x", "\u{F1}", " "] {
            let folder = try TemporaryFolder("recorded-imap")
            let recording = Self.recording.replacingOccurrences(of: "BODY[] {\(Self.message.utf8.count)}\r\n", with: "BODY[] {2147483648}\(tail)")
            let result = try Self.sync(Array(recording.utf8), into: MailCache(root: folder.path("cache")))
            guard case .failure(let error) = result else {
                Issue.record("\(tail.debugDescription): \(result)")
                continue
            }
            #expect(error.reason.contains("the server announced 2147483648 bytes"), "\(error.reason)")
        }
        // In a quoted string, the same text is no literal's header: the sync goes on.
        let folder = try TemporaryFolder("recorded-imap")
        let quoted = Self.recording.replacingOccurrences(of: "1 OK logged in", with: #"1 OK "logged {2147483648} \"in\"""#)
        #expect(try Self.sync(Array(quoted.utf8), into: MailCache(root: folder.path("cache"))).get().downloaded == 1)
    }
}

