/// The formats ReservationFeed reads, told apart by content rather than by file name.
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    /// ReservationFeed's own JSON (`docs/native-json.md`).
    case nativeJSON = "native JSON"
    /// schema.org JSON-LD, on its own (a `.json`/`.jsonld` file, or KDE Itinerary's output).
    case jsonLD = "JSON-LD"
    /// A web page, with JSON-LD script blocks or Microdata.
    case html = "HTML"
    /// An e-mail (RFC 5322, MIME), whose HTML parts carry the markup.
    case email = "e-mail"

    /// The format of some content, or `nil` when it is none of these.
    ///
    /// JSON that mentions `@context`, `@type` or `@graph` is JSON-LD, other JSON native; text that
    /// starts with `<` is HTML; text that starts with mail headers (`From:`, `Received:`...) is an
    /// e-mail.
    public static func detect(_ bytes: [UInt8]) -> InputFormat? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 8192)], as: UTF8.self)
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return ["\"@context\"", "\"@type\"", "\"@graph\""].contains(where: head.contains) ? .jsonLD : .nativeJSON
        case UInt8(ascii: "<"):
            return .html
        default:
            return isMail(head) ? .email : nil
        }
    }

    /// Whether the text starts with RFC 5322 header fields, at least one of them a mail header.
    private static func isMail(_ head: String) -> Bool {
        let known: Set<String> = [
            "from", "to", "cc", "subject", "date", "received", "return-path", "delivered-to", "mime-version",
            "message-id", "reply-to", "sender", "content-type", "x-original-to", "dkim-signature", "arc-seal",
        ]
        var sawKnown = false
        for line in head.split(separator: "\n", omittingEmptySubsequences: false).prefix(40) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty { break }  // the end of the header
            if line.first == " " || line.first == "\t" { continue }  // a folded header line
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                line[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return false }
            if known.contains(line[..<colon].lowercased()) { sawKnown = true }
        }
        return sawKnown
    }
}
