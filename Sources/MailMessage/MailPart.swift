import Chrono

/// A leaf part of an e-mail, decoded: its transfer encoding undone and, for text, its charset
/// converted to UTF-8.
public struct MailPart: Sendable, Hashable {
    /// The MIME type, lower case (`text/html`).
    public let contentType: String
    /// Where the part sits, as IMAP numbers it (`1`, `2.1`; `2.1.1` inside an attached message).
    public let section: String
    /// The decoded content, UTF-8 for text parts.
    public let bytes: [UInt8]
    /// The Date of the message the part belongs to (an attached message has its own).
    public let messageDate: Instant?

    /// The content as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
