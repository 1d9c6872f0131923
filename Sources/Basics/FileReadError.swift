/// Why a file could not be opened or read, as every reader of files says it: the system's
/// reason, a folder or a device where a file was expected, or a file past its size limit.
///
/// It is said in words by the `Diagnostics` module, which names the limit's setting
/// (`--limit file-size` on the command line) in the wording of whoever says it.
public struct FileReadError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The system's reason, in lower case (`no such file or directory`).
        case system(String)
        /// A folder was named.
        case folder
        /// A pipe, a device or a socket was named.
        case notRegularFile
        /// The file is larger than `limit` bytes: `size` of them, when it says so before it is
        /// read (a regular file does, standard input does not).
        case tooLarge(size: Int?, limit: Int)
    }

    /// What went wrong.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The system's reason for the call that just failed (`errno`).
    package static func system() -> FileReadError {
        FileReadError(.system(String(cString: strerror(errno)).lowercased()))
    }
}
