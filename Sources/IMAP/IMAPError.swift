import Mailboxes

/// Why an IMAP folder could not be read, naming the folder's URL (never the password).
public struct IMAPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The server could not be reached, or the connection broke.
        case unreachable
        /// The server's certificate is not trusted for its name.
        case untrusted
        /// The password would have gone without TLS to a server that is not this machine.
        case insecure
        /// The server refused the user and password, or no password was found.
        case login
        /// The folder does not exist or cannot be read.
        case folder
        /// The server answered what it should not have.
        case protocolError
        /// The local cache could not be written.
        case cache
    }

    /// What went wrong.
    public var kind: Kind
    /// The folder.
    public var mailbox: MailboxURL
    /// Why, for people.
    public var reason: String

    /// Creates an error.
    public init(_ kind: Kind, _ mailbox: MailboxURL, _ reason: String) {
        self.kind = kind
        self.mailbox = mailbox
        self.reason = reason
    }

    /// `imaps://me@mail.example.com/INBOX: login refused: [AUTHENTICATIONFAILED] …`.
    public var description: String { "\(mailbox): \(reason)" }

    /// Whether trying again later may succeed (the server away, the network down), as opposed
    /// to something a person must fix (a refused login, an untrusted certificate).
    public var isTransient: Bool { kind == .unreachable || kind == .protocolError }
}
