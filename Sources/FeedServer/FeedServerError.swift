/// Why the server cannot start.
public enum FeedServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret file cannot be read or written, holds no secret, or can be read by others.
    case secret(String)

    public var description: String {
        switch self {
        case .secret(let reason): reason
        }
    }
}
