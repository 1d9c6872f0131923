/// Why the IMAP folders among the inputs could not be brought up to date.
public struct MailboxSyncError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// A failure, said in `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// The name this error had before 0.9.0.
@available(*, deprecated, renamed: "MailboxSyncError")
public typealias MailboxSyncFailure = MailboxSyncError
