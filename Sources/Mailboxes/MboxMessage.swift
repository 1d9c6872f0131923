/// One message of an mbox file, as ``MboxReader`` hands it over.
public struct MboxMessage: Sendable, Hashable {
    /// The message's place in the file, counted from 1.
    public var ordinal: Int
    /// The line of its `From ` separator, counted from 1.
    public var line: Int
    /// The message as RFC 5322 text, its `>From ` lines unquoted, without the separator line and
    /// the blank line that ends it; `nil` when it is larger than the reader's limit and was
    /// passed over.
    public var bytes: [UInt8]?
    /// Its size in bytes, counted to the end even when it was passed over.
    public var size: Int
    /// Its Message-ID, without angle brackets, when its header has one.
    public var messageID: String?

    /// Creates a message.
    public init(ordinal: Int, line: Int, bytes: [UInt8]?, size: Int, messageID: String? = nil) {
        self.ordinal = ordinal
        self.line = line
        self.bytes = bytes
        self.size = size
        self.messageID = messageID
    }
}
