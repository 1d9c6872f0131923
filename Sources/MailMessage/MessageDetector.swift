/// Whether some bytes are an e-mail: the one test every way in uses (a file, a folder, a Maildir
/// entry, an mbox, standard input, `serve`'s inbox), so that what is a message is always read as
/// one, and its sender checked, whatever it is called and however it came.
///
/// A message is what starts with an RFC 5322 header field (`Name: value`, the name any printable
/// characters but a colon, perhaps white space before the colon as the obsolete syntax allows,
/// CRLF or LF line ends), or with an mbox postmark (`From ` and a sender). The test is deliberately wide: it is the door to the sender check, and it answers yes
/// to everything KDE's extractor would itself read as a message (a run of letters and hyphens
/// ending in a colon, `From `, and the signs by which the shared MIME database knows
/// `message/rfc822`), so that no document reaches the extractor, or any other reader, as
/// something else while being a message. A BOM and white space before the first line are passed
/// over.
///
/// Three formats start with lines of that shape and are told apart by what follows:
///
/// - JSON (`{"@context": …`) is a message only when its first lines include a field with a plain
///   name (`From`, `X-Campaign_ID`), and a web page (`<meta:…`) when they do or an empty line ends
///   them, as it ends a header: a message whose first field was written to look like JSON or
///   markup is still one, a JSON document or a page is not;
/// - a calendar file (`BEGIN:VCALENDAR`) is a message only when its first lines include a mail
///   header (`From`, `Received`, `Content-Type`…).
///
/// ```swift
/// MessageDetector.isMessage(Array("X-Mozilla-Status: 0001\r\nFrom: a@b.example\r\n\r\nHi".utf8))  // true
/// MessageDetector.isMessage(Array("{\"@context\": \"http://schema.org\"}".utf8))                  // false
/// ```
public enum MessageDetector {
    /// How much of the start of the bytes is looked at.
    public static let headSize = 65_536

    /// Where a message's first line starts: past a UTF-8 BOM and white space (blank lines) before
    /// it, which are no part of a message but a file's.
    public static func start(of bytes: [UInt8]) -> Int {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        return start
    }

    /// Whether the bytes are an e-mail (or an mbox of them), by their first lines.
    public static func isMessage(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(headSize))
        let text = head[start(of: head)...]
        guard let first = text.first else { return false }
        if signatures.contains(where: { text.starts(with: $0) }) { return true }
        let (fields, complete) = leadingFields(text)
        guard !fields.isEmpty else { return false }
        if [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(first) { return fields.contains(where: isPlainName) }
        // A page's first line does not end a header block: an empty line after it does.
        if first == UInt8(ascii: "<") { return complete || fields.contains(where: isPlainName) }
        if isNamed(fields[0], "begin") { return fields.contains { name in mailHeaders.contains { isNamed(name, $0) } } }
        return true
    }

    /// What starts a message that is not a header field: an mbox postmark (which KDE's extractor
    /// takes for one, whatever follows it), and the other signs by which the shared MIME database
    /// knows `message/rfc822` and news articles.
    private static let signatures: [[UInt8]] = ["From ", "#! rnews", "N#! rnews", "Forward to ", "Pipe to "].map { Array($0.utf8) }

    /// The names of the header fields the text starts with, up to the first line that is no
    /// field, and whether an empty line ends them (a complete header block); no names when the
    /// first line is no field.
    ///
    /// A field's name is any run of printable characters but a colon (RFC 5322's `ftext`), an
    /// empty one too, as KDE's extractor accepts; a line that starts with white space continues
    /// the field before it.
    static func leadingFields(_ text: ArraySlice<UInt8>) -> (names: [ArraySlice<UInt8>], complete: Bool) {
        var names: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var line = text[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { return (names, !names.isEmpty) }
            if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
                if names.isEmpty { break }
            } else {
                guard let name = RawHeader.name(of: line, allowingEmpty: true) else { break }
                names.append(name)
            }
            start = end + 1
        }
        return (names, false)
    }

    /// Whether a field's name is one a mail program writes: letters, digits, `-`, `_` and `.`.
    private static func isPlainName(_ name: ArraySlice<UInt8>) -> Bool {
        !name.isEmpty && name.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
                || byte == 0x2E
        }
    }

    /// Whether a field's name is `other` (lower case), in any case.
    private static func isNamed(_ name: ArraySlice<UInt8>, _ other: String) -> Bool {
        name.count == other.utf8.count && zip(name, other.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Header fields that only a message has, which tell one that starts `BEGIN:` from a calendar
    /// file.
    private static let mailHeaders = [
        "from", "sender", "to", "cc", "subject", "date", "received", "return-path", "delivered-to", "message-id", "mime-version",
        "content-type", "reply-to", "dkim-signature", "authentication-results", "x-mozilla-status",
    ]
}
