/// Why an e-mail could not be read.
public enum MailMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// GMime found no message in the bytes.
    case notAMessage
    /// The message goes beyond a limit that keeps hostile mail from exhausting the machine.
    case limit(String)

    public var description: String {
        switch self {
        case .notAMessage: "not an e-mail message (RFC 5322)"
        case .limit(let what): what
        }
    }
}
