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
            do {
                return try OwnerOnlyFile.firstLine(file)
            } catch {
                throw IMAPError(.login, mailbox, "the password file \(file) \(error)")
            }
        }
        if let password = environment[Self.variable], !password.isEmpty { return password }
        if let password = Netrc.entry(inFile: Netrc.path(environment: environment), host: mailbox.host, user: mailbox.user)?.password {
            return password
        }
        throw IMAPError(
            .login, mailbox,
            "no password for \(mailbox.user) at \(mailbox.host): give it in ~/.netrc (machine \(mailbox.host) login \(mailbox.user) password …), in \(Self.variable), or in a file named by --mail-password-file")
    }
}
