/// Why the server cannot start.
public enum FeedServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret file cannot be read or written, holds no secret, or can be read by others.
    case secret(String)
    /// The address and port cannot be listened on; the reason in the tool's words.
    case listen(String)

    public var description: String {
        switch self {
        case .secret(let reason): reason
        case .listen(let reason): reason
        }
    }
}
