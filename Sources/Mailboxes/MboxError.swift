/// Why an mbox file could not be read to its end: the system's reason, in lower case.
public struct MboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason (`input/output error`).
    public var reason: String
    /// How many messages had been handed over before it happened.
    public var messagesRead: Int

    /// Creates an error.
    public init(reason: String, messagesRead: Int) {
        self.reason = reason
        self.messagesRead = messagesRead
    }

    public var description: String { reason }
}
