/// Writes paths the way people write JSON paths, `reservations[3].departure.time`: the paths of
/// ``Origin``s, from coding paths, member names and places in markup.
package enum JSONPath {
    /// The path text; empty for the top of the document.
    package static func text(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else if isPlainName(key.stringValue) {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            } else {
                text += quoted(key.stringValue)
            }
        }
        return text
    }

    /// One member name as a path component: `name`, or `["@type"]` for a name that is not plain.
    package static func component(_ name: String) -> String {
        isPlainName(name) ? name : quoted(name)
    }

    /// `["odd key"]`, with backslashes and quotes escaped.
    private static func quoted(_ name: String) -> String {
        let escaped = name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return "[\"\(escaped)\"]"
    }

    /// Joins a path and a relative one (`reservations[2]` + `departure.time`).
    package static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        if relative.isEmpty { return base }
        return relative.hasPrefix("[") ? base + relative : base + "." + relative
    }

    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "-")
        }
    }
}
