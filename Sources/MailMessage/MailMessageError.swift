import Diagnostics

/// Why an e-mail could not be read.
public enum MailMessageError: Error, Sendable, Hashable, DiagnosticMessageConvertible {
    /// GMime found no message in the bytes.
    case notAMessage
    /// The message goes beyond a limit that keeps hostile mail from exhausting the machine.
    case limit(DiagnosticMessage)

    public var description: String { message.description }

    /// Why, kept as its parts until it is said.
    public var message: DiagnosticMessage {
        switch self {
        case .notAMessage: "not an e-mail message (RFC 5322)"
        case .limit(let what): what
        }
    }
}
