import Basics

/// A message's header as it was written: its fields in order, each with its exact text, and
/// where the body starts.
///
/// Nothing is decoded or reordered: this is what a DKIM signature was made over, and the order of
/// the fields is the order in which the servers on the way added them (the topmost the last).
///
/// ```swift
/// let header = RawHeader(bytes)
/// header.fields(named: "Received").count   // how many servers it passed
/// let body = bytes[header.bodyStart...]
/// ```
public struct RawHeader: Sendable {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name, as written (`DKIM-Signature`).
        public let name: String
        /// The whole field as written, `Name: value` and its folded lines, without the line end
        /// that closes it.
        public let text: [UInt8]

        /// The value, unfolded and trimmed, as UTF-8 text (encoded words are left as they are).
        public var value: String {
            let colon = text.firstIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? text.count
            let unfolded = text[colon...].filter { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
            return String(decoding: unfolded, as: UTF8.self).trimmingWhitespace()
        }

        /// Whether the field has this name, in any case.
        public func isNamed(_ other: String) -> Bool {
            name.utf8.count == other.utf8.count && zip(name.utf8, other.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
    }

    /// The fields, from the top of the message down.
    public let fields: [Field]
    /// Where the body starts: just past the empty line that ends the header (the end of the
    /// message when there is none).
    public let bodyStart: Int

    /// Splits a message's header into its fields. Lines end in CRLF or LF alone, as messages
    /// kept in files on Unix often do. A line that is no field (an mbox `From ` line before the
    /// first) is passed over. A field's name may be followed by white space before its colon
    /// (RFC 5322's obsolete syntax, which readers accept): such a field is one like any other, so
    /// that what a mail reader takes for a field is one here too.
    public init(_ bytes: [UInt8]) {
        var fields: [Field] = []
        var current: (name: String, start: Int, end: Int)?
        var start = 0
        var bodyStart = bytes.count
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            var end = newline ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == start {
                bodyStart = min(next, bytes.count)
                break
            }
            let first = bytes[start]
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // A folded line continues the field before it.
                current?.end = end
            } else {
                if let field = current {
                    fields.append(Field(name: field.name, text: Array(bytes[field.start..<field.end])))
                }
                current = nil
                let line = bytes[start..<end]
                if let name = Self.name(of: line) {
                    current = (String(decoding: name, as: UTF8.self), start, end)
                }
            }
            start = next
        }
        if let field = current {
            fields.append(Field(name: field.name, text: Array(bytes[field.start..<field.end])))
        }
        self.fields = fields
        self.bodyStart = bodyStart
    }

    /// The name of the field a line starts, if it starts one: printable characters but a colon,
    /// then the colon, with white space allowed before the colon as RFC 5322's obsolete syntax
    /// has it (`Content-Type : text/html`), which mail readers (GMime, KDE's KMime) accept; the
    /// name without that white space.
    ///
    /// - Parameter allowingEmpty: Whether a line that starts with its colon has a name, an empty
    ///   one (as KDE's extractor has it, for telling a message by its first line).
    static func name(of line: ArraySlice<UInt8>, allowingEmpty: Bool = false) -> ArraySlice<UInt8>? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var end = colon
        while end > line.startIndex, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let name = line[line.startIndex..<end]
        guard allowingEmpty || !name.isEmpty, name.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
        return name
    }

    /// The fields with this name (in any case), from the top down.
    public func fields(named name: String) -> [Field] {
        fields.filter { $0.isNamed(name) }
    }
}
