/// A parsed JSON value that remembers where in the file it was.
///
/// Numbers keep their source text, so that `2` and `2.0` and large integers stay exact until
/// a decoder asks for a particular type.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// How an error message names this kind of value: `a number (42)`, `an object`.
    package var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return "a number (\(text))"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            return "a string (\"\(shown)\")"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON value and the byte offset in the file where it starts.
package struct JSONNode: Sendable, Hashable {
    package var value: JSONValue
    package var offset: Int

    /// The member's value for `key` in an object, the last one when a key repeats.
    package func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var value: JSONNode
}
