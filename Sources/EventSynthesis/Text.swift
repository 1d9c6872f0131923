/// Small text helpers: what counts as "given", and joining the parts that are.
enum Text {
    /// The text with white space trimmed, or `nil` when nothing is left.
    static func clean(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The given parts joined, or `nil` when none is given.
    static func join(_ parts: [String?], separator: String) -> String? {
        let given = parts.compactMap(clean)
        return given.isEmpty ? nil : given.joined(separator: separator)
    }
}
