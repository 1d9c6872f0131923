import Foundation
import Mailboxes
import Testing

/// Splitting mbox files into messages, as mboxo and mboxrd writers write them.
@Suite("mbox reading")
struct MboxReaderTests {
    private func messages(_ text: String, limit: Int = 1 << 20) -> [MboxMessage] {
        var found: [MboxMessage] = []
        MboxReader(messageLimit: limit).read(Array(text.utf8)) { found.append($0) }
        return found
    }

    private func text(_ message: MboxMessage) -> String { String(decoding: message.bytes ?? [], as: UTF8.self) }

    static let three = """
        From MAILER-DAEMON Thu Jan  1 00:00:00 2026
        Message-ID: <one@example.com>
        Subject: one

        first body
        >From the quoted line
        >>From twice quoted

        From 1781234567890@xxx Wed Jan 07 10:00:00 +0000 2027
        Subject: two
        Message-Id:
         <two@example.com>

        From here on, an unquoted line that is no postmark.

        From - Sat Jan 01 00:00:00 2000
        Subject: three

        last
        """

    @Test("every message, in order, each with its number, separator line and Message-ID")
    func splits() {
        let found = messages(Self.three)
        #expect(found.map(\.ordinal) == [1, 2, 3])
        #expect(found.map(\.line) == [1, 9, 16])
        #expect(found.map(\.messageID) == ["one@example.com", "two@example.com", nil])
        #expect(text(found[2]) == "Subject: three\n\nlast")
        #expect(found.allSatisfy { $0.size == $0.bytes?.count })
    }

    @Test("quoted From lines lose one >, and the blank separating line is not the message's")
    func unquotes() {
        let found = messages(Self.three)
        #expect(text(found[0]) == "Message-ID: <one@example.com>\nSubject: one\n\nfirst body\nFrom the quoted line\n>From twice quoted\n")
        #expect(text(found[1]).hasSuffix("\nFrom here on, an unquoted line that is no postmark.\n"))
    }

    @Test("CRLF line ends are kept inside messages")
    func crlf() {
        let found = messages("From a@b Mon Jan  5 10:00:00 2026\r\nSubject: x\r\n\r\nbody\r\n\r\nFrom a@b Mon Jan  5 11:00:00 2026\r\nSubject: y\r\n")
        #expect(found.count == 2)
        #expect(text(found[0]) == "Subject: x\r\n\r\nbody\r\n")
    }

    @Test("a message past the limit is handed over without its bytes but with its size, and the next is read")
    func limit() {
        let big = String(repeating: "x", count: 300)
        let found = messages("From a@b Mon Jan  5 10:00:00 2026\nMessage-ID: <big@x>\n\n\(big)\n\nFrom a@b Mon Jan  5 10:00:00 2026\nSubject: small\n", limit: 200)
        #expect(found.count == 2)
        #expect(found[0].bytes == nil)
        #expect(found[0].size > 300)
        #expect(found[0].messageID == "big@x")
        #expect(text(found[1]) == "Subject: small\n")
    }

    @Test("content is recognised as an mbox by its postmark and header, not by a name")
    func detection() {
        #expect(MboxReader.isMbox(Array(Self.three.utf8)))
        #expect(!MboxReader.isMbox(Array("From: someone@example.com\nSubject: x\n".utf8)))
        #expect(!MboxReader.isMbox(Array("From here to there\nwe went\n".utf8)))
        #expect(!MboxReader.isMbox(Array("From a@b Mon Jan  5 10:00:00 2026\n\nno header\n".utf8)))
    }

    @Test("a file is streamed in chunks: messages and lines across chunk boundaries come out whole")
    func streams() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 40 messages of about 100 KB (chunks are 1 MB), one with a 3 MB line.
        var text = ""
        for index in 1...40 {
            text += "From sender@example.com Mon Jan  5 10:00:00 2026\nMessage-ID: <m\(index)@x>\n\n"
            text += index == 7 ? String(repeating: "y", count: 3 << 20) + "\n" : String(repeating: "line of text \(index)\n", count: 6000)
            text += "\n"
        }
        let path = folder.appendingPathComponent("big.mbox").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var found: [MboxMessage] = []
        try MboxReader(messageLimit: 1 << 20).read(descriptor: descriptor) { found.append($0) }
        var inMemory: [MboxMessage] = []
        MboxReader(messageLimit: 1 << 20).read(Array(text.utf8)) { inMemory.append($0) }
        #expect(found.count == 40)
        #expect(found == inMemory)
        #expect(found.map(\.messageID) == (1...40).map { "m\($0)@x" })
        #expect(found[6].bytes == nil && found[6].size > 3 << 20)
        #expect(found.filter { $0.bytes == nil }.count == 1)
    }
}
