/// One input to read: a file, or standard input.
public enum InputSource: Sendable, Hashable, CustomStringConvertible {
    /// A file, by the path messages show (as the user wrote it, joined with the path inside a folder).
    case file(String)
    /// Standard input, named `-` on the command line.
    case standardInput

    /// How messages name this input.
    public var description: String {
        switch self {
        case .file(let path): path
        case .standardInput: "standard input"
        }
    }
}
