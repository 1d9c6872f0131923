import Foundation

/// Writes coding paths the way people write JSON paths: `reservations[3].departure.time`.
enum JSONPath {
    /// The path text; empty for the top of the document.
    static func text(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else if isPlainName(key.stringValue) {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            } else {
                let escaped = key.stringValue.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            }
        }
        return text
    }

    /// Joins a path and a relative one (`reservations[2]` + `departure.time`).
    static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        if relative.isEmpty { return base }
        return relative.hasPrefix("[") ? base + relative : base + "." + relative
    }

    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "$" || scalar == "@" || scalar == "-"
        }
    }
}
