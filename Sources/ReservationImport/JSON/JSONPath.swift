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

/// The coding key of an array element.
struct JSONIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// The coding key of an object member, for paths built outside a `Decodable` type.
struct JSONNameKey: CodingKey {
    let stringValue: String

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    var intValue: Int? { nil }
}
