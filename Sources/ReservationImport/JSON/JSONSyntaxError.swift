/// JSON that cannot be read, and where the reading stopped.
struct JSONSyntaxError: Error, Sendable, Hashable {
    /// What is wrong: `expected ',' or '}' after an object member, found '"'`.
    var message: String
    /// The byte offset of the problem.
    var offset: Int
}
