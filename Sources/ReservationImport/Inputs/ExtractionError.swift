/// Why a document could not be extracted, in words for the person who gave it.
public struct ExtractionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// A failure, said in `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// The name this error had before 0.9.0.
@available(*, deprecated, renamed: "ExtractionError")
public typealias ExtractionFailure = ExtractionError
