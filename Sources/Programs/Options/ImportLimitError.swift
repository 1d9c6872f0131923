/// A `--limit` that could not be understood.
struct ImportLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was given.
    var assignment: String
    /// What was wrong with it.
    var reason: String

    var description: String { "\(assignment): \(reason)" }
}
