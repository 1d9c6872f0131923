/// JSON that cannot be read, and where the reading stopped.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A limit the text went past: valid JSON, refused to bound the work and memory it takes.
    package enum Limit: Sendable, Hashable {
        /// Arrays and objects nested deeper than this.
        case depth(Int)
        /// A string longer than this many bytes, as written.
        case stringLength(Int)
    }

    /// What is wrong: `expected ',' or '}' after an object member, found '"'`.
    package var message: String
    /// The byte offset of the problem.
    package var offset: Int
    /// The limit the text went past, when that is what is wrong.
    package var exceededLimit: Limit?

    /// An error at `offset`.
    package init(message: String, offset: Int, exceededLimit: Limit? = nil) {
        self.message = message
        self.offset = offset
        self.exceededLimit = exceededLimit
    }

    package var description: String { message }
}
