import Basics

/// Small text helpers: what counts as "given", and joining the parts that are.
enum Text {
    /// The text with white space trimmed, or `nil` when nothing is left.
    static func clean(_ text: String?) -> String? {
        text?.trimmedNonEmpty
    }

    /// The given parts joined, or `nil` when none is given.
    ///
    /// Inlined, so that the array of parts at each call can live on the stack.
    @inline(__always)
    static func join(_ parts: [String?], separator: String) -> String? {
        var joined: String?
        for part in parts {
            guard let part = clean(part) else { continue }
            if joined == nil {
                joined = part
            } else {
                joined! += separator
                joined! += part
            }
        }
        return joined
    }
}
