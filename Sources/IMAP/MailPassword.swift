import Basics
import Mailboxes

// FoundationEssentials alone where there is one (Linux): the mail program links no more of
// Foundation than this, and so none of its internationalisation data.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the password of a mailbox comes from, in order: a file named on the command line
/// (`--mail-password-file`, readable by its owner only), the environment
/// (`RESERVATION_FEED_IMAP_PASSWORD`), then `~/.netrc` (`machine HOST login USER password …`).
/// Never from the command line itself, and never printed.
public struct MailPassword: Sendable {
    /// The password file, when one was named.
    public var file: String?
    /// The environment to look in.
    public var environment: [String: String]

    /// The environment variable that may hold the password.
    static let variable = "RESERVATION_FEED_IMAP_PASSWORD"

    /// Creates a lookup.
    public init(file: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.file = file
        self.environment = environment
    }

    /// The password for a mailbox's user and host.
    ///
    /// - Throws: ``IMAPError`` of kind `login` when none is found or the file is readable by others.
    public func password(for mailbox: MailboxURL) throws(IMAPError) -> String {
        if let file {
            var status = stat()
            guard stat(file, &status) == 0 else {
                throw IMAPError(.login, mailbox, "cannot read the password file \(file): \(String(cString: strerror(errno)).lowercased())")
            }
            guard status.st_mode & 0o077 == 0 else {
                throw IMAPError(
                    .login, mailbox,
                    "the password file \(file) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it")
            }
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw IMAPError(.login, mailbox, "cannot read the password file \(file)")
            }
            let password = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !password.isEmpty else { throw IMAPError(.login, mailbox, "the password file \(file) is empty") }
            return password
        }
        if let password = environment[Self.variable], !password.isEmpty { return password }
        let netrc = environment["NETRC"] ?? ((environment["HOME"] ?? "") + "/.netrc")
        if let data = FileManager.default.contents(atPath: netrc), let text = String(data: data, encoding: .utf8),
            let password = Self.netrcPassword(text, host: mailbox.host, user: mailbox.user)
        {
            return password
        }
        throw IMAPError(
            .login, mailbox,
            "no password for \(mailbox.user) at \(mailbox.host): give it in ~/.netrc (machine \(mailbox.host) login \(mailbox.user) password …), in \(Self.variable), or in a file named by --mail-password-file")
    }

    /// The password of the `machine` entry for this host and login (or of `default`) in a
    /// `.netrc` text.
    static func netrcPassword(_ text: String, host: String, user: String) -> String? {
        var tokens: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where line.first(where: { !$0.isWhitespace }) != "#" {
            tokens += line.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        var fallback: String? = nil
        var index = 0
        while index < tokens.count {
            guard tokens[index] == "machine" || tokens[index] == "default" else {
                index += 1
                continue
            }
            let isDefault = tokens[index] == "default"
            var machine: String? = nil
            if !isDefault, index + 1 < tokens.count { machine = tokens[index + 1] }
            index += isDefault ? 1 : 2
            var login: String? = nil
            var password: String? = nil
            while index < tokens.count, tokens[index] != "machine", tokens[index] != "default" {
                if index + 1 < tokens.count {
                    switch tokens[index] {
                    case "login": login = tokens[index + 1]
                    case "password": password = tokens[index + 1]
                    default: break
                    }
                }
                index += 2
            }
            guard let password, login == nil || login == user else { continue }
            if machine?.lowercased() == host.lowercased() { return password }
            if isDefault { fallback = password }
        }
        return fallback
    }
}
