import Basics
import Foundation
import Mailboxes
import Testing

@testable import IMAP

/// Where an IMAP password comes from, and what is refused.
@Suite("IMAP passwords")
struct MailPasswordTests {
    static let mailbox = try! MailboxURL("imaps://ada%40example.com@imap.example.com/INBOX")

    @Test(".netrc: the machine's entry for the login, else the default; comments and other machines ignored")
    func netrc() {
        let text = """
            # mail
            machine imap.example.com login other@example.com password not-this
            machine imap.example.com
              login ada@example.com
              password app-password-1
            default login ada@example.com password fallback
            """
        #expect(Netrc.entry(in: text, host: "imap.example.com", user: "ada@example.com")?.password == "app-password-1")
        #expect(Netrc.entry(in: text, host: "IMAP.EXAMPLE.COM", user: "ada@example.com")?.password == "app-password-1")
        #expect(Netrc.entry(in: text, host: "mail.other.org", user: "ada@example.com")?.password == "fallback")
        #expect(Netrc.entry(in: "machine a login b", host: "a", user: "b")?.password == nil)
    }

    @Test("a password file: its first line, and only when no one else can read it; then the environment; then .netrc")
    func order() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mail-password-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("password").path
        try "from-file\nsecond line\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let netrc = folder.appendingPathComponent("netrc").path
        try "machine imap.example.com login ada@example.com password from-netrc\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        let environment = [MailPassword.variable: "from-environment", "NETRC": netrc]

        #expect(try MailPassword(file: file, environment: environment).password(for: Self.mailbox) == "from-file")
        #expect(try MailPassword(environment: environment).password(for: Self.mailbox) == "from-environment")
        #expect(try MailPassword(environment: ["NETRC": netrc]).password(for: Self.mailbox) == "from-netrc")

        chmod(file, 0o640)
        #expect {
            try MailPassword(file: file, environment: environment).password(for: Self.mailbox)
        } throws: { error in
            guard let error = error as? IMAPError else { return false }
            return error.kind == .login && error.description.contains("can be read by other users") && !error.description.contains("from-file")
        }
        #expect {
            try MailPassword(environment: ["NETRC": folder.appendingPathComponent("none").path]).password(for: Self.mailbox)
        } throws: { error in
            (error as? IMAPError)?.description.contains("no password for ada@example.com at imap.example.com") == true
        }
    }
}
