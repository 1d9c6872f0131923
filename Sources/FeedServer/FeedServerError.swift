/// Why the server cannot start or go on.
public enum FeedServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret file cannot be read or written, or holds no secret.
    case secret(String)
    /// The address cannot be listened on.
    case listen(String)
    /// An inbox or input folder cannot be used.
    case folder(String)

    public var description: String {
        switch self {
        case .secret(let reason), .listen(let reason), .folder(let reason): reason
        }
    }
}
