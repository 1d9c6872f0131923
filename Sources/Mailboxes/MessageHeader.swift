import Basics

/// What can be read from a message's header without parsing the message: enough to name it in
/// messages and to recognise it again. The message itself is read by the MIME reader.
public enum MessageHeader {
    /// The value of the `Message-ID` field, without angle brackets, or `nil`.
    public static func messageID(in bytes: some Collection<UInt8>) -> String? {
        guard let value = field("message-id", in: bytes) else { return nil }
        var text = Substring(value)
        if text.first == "<", let end = text.firstIndex(of: ">") { text = text[text.index(after: text.startIndex)..<end] }
        return text.isEmpty || text.contains(" ") ? nil : String(text)
    }

    /// What tells a message from the others in a folder without downloading it: its Message-ID,
    /// or, for a message without one, its size in bytes, `Date` and `Subject`.
    ///
    /// - Parameters:
    ///   - header: The message's header (or the fields `Message-ID`, `Date` and `Subject` of it).
    ///   - size: The whole message's size, as the server counts it (RFC822.SIZE).
    public static func fingerprint(of header: some Collection<UInt8>, size: Int) -> String {
        if let id = messageID(in: header) { return "<\(id)>" }
        return "\(size) \(field("date", in: header) ?? "") \(field("subject", in: header) ?? "")"
    }

    /// The unfolded, trimmed value of the first header field with this name (in any case).
    ///
    /// Only the header is looked at: the lines up to the first empty one.
    public static func field(_ name: String, in bytes: some Collection<UInt8>) -> String? {
        let name = Array(name.lowercased().utf8)
        var value: [UInt8]? = nil
        for line in headerLines(bytes) {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                value?.append(contentsOf: line)  // a folded line continues the field before it
                continue
            }
            if value != nil { break }
            let colon = line.startIndex + name.count
            if line.count > name.count, line[colon] == UInt8(ascii: ":"), zip(line, name).allSatisfy({ $0 | 0x20 == $1 }) {
                value = Array(line[(colon + 1)...])
            }
        }
        return value.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
    }

    /// The header's lines, without their line ends.
    private static func headerLines(_ bytes: some Collection<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        let head = Array(bytes.prefix(65_536))
        var start = 0
        while start < head.count {
            var end = head[start...].firstIndex(of: UInt8(ascii: "\n")) ?? head.count
            let next = end + 1
            if end > start, head[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == start { break }  // the empty line ending the header
            lines.append(head[start..<end])
            start = next
        }
        return lines
    }
}
