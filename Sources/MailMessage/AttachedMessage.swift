/// A message attached to another (`message/rfc822`): where it sits, and its bytes.
public struct AttachedMessage: Sendable, Hashable {
    /// Where it sits, as IMAP numbers parts (`2`; its own parts are `2.1`, `2.2`…, or `2` when it
    /// has one).
    public let section: String
    /// The message, as GMime writes it back.
    public let bytes: [UInt8]

    /// Whether a part of the message, by its section, belongs to this attached message.
    public func contains(section other: String) -> Bool {
        other == section || other.hasPrefix(section + ".")
    }
}
