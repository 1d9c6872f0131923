/// A `--limit` that could not be understood.
public struct ImportLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was given.
    var assignment: String
    /// What was wrong with it.
    public var reason: String

    public var description: String { "\(assignment): \(reason)" }
}
