/// An input named on the command line that cannot be used at all. Nothing is written when this
/// happens: a feed built without one of its inputs would silently lose that input's events.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist (a typo, or a drive that is not mounted).
    case notFound(String)
    /// Standard input was named more than once.
    case standardInputRepeated

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        case .standardInputRepeated: "standard input ('-') can be read only once"
        }
    }
}
