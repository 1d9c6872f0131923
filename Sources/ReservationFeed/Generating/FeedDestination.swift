/// Where a feed goes.
public enum FeedDestination: Sendable, Hashable, CustomStringConvertible {
    /// A file, replaced atomically: readers see the old feed or the new one, never a part.
    case file(String)
    /// Standard output (`--output -`).
    case standardOutput

    public var description: String {
        switch self {
        case .file(let path): path
        case .standardOutput: "standard output"
        }
    }
}
