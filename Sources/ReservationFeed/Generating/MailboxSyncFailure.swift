/// Why the IMAP folders among the inputs could not be brought up to date.
public struct MailboxSyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// A failure, said in `description`.
    public init(_ description: String) {
        self.description = description
    }
}
