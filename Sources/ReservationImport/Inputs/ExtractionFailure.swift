/// Why a document could not be extracted, in words for the person who gave it.
public struct ExtractionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// A failure, said in `description`.
    public init(_ description: String) {
        self.description = description
    }
}
