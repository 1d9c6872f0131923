import Basics
import Mailboxes

/// The formats ReservationFeed reads, told apart by content rather than by file name.
public enum InputFormat: Sendable, Hashable, CaseIterable {
    /// ReservationFeed's own JSON (`docs/native-json.md`).
    case nativeJSON
    /// schema.org JSON-LD, on its own (a `.json`/`.jsonld` file, or KDE Itinerary's output).
    case jsonLD
    /// A web page, with JSON-LD script blocks or Microdata.
    case html
    /// An e-mail (RFC 5322, MIME), whose HTML parts carry the markup.
    case email
    /// An mbox file: e-mails one after another, each after a `From ` line (a Thunderbird local
    /// folder, a Google Takeout or Apple Mail export). Each message is read as an e-mail.
    case mbox
    /// An iCalendar file (`.ics`): a calendar file or invitation someone sent, each VEVENT an event.
    case iCalendar
    /// A document without markup that KDE's extractor may read: a PDF, a Wallet pass, an image
    /// of a barcode, or plain text.
    case document(DocumentKind)

    /// The kinds of document KDE's extractor reads.
    public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
        case pdf = "PDF"
        /// A ZIP archive: an Apple Wallet pass (`.pkpass`) is one.
        case pass = "pass"
        case image
        case text = "text"

        /// The kind with its article, for messages: `a PDF`, `an image`.
        public var phrase: String {
            switch self {
            case .pdf: "a PDF"
            case .pass: "a pass or other ZIP archive"
            case .image: "an image"
            case .text: "a text"
            }
        }
    }

    public static var allCases: [InputFormat] { [.nativeJSON, .jsonLD, .html, .email, .mbox, .iCalendar] + DocumentKind.allCases.map(InputFormat.document) }

    /// How messages name the format.
    public var name: String {
        switch self {
        case .nativeJSON: "native JSON"
        case .jsonLD: "JSON-LD"
        case .html: "HTML"
        case .email: "e-mail"
        case .mbox: "mbox"
        case .iCalendar: "iCalendar"
        case .document(let kind): kind.rawValue
        }
    }

    /// How much of the start of a file ``detect(_:)`` reads the signs of JSON-LD in: what it finds
    /// to be JSON-LD in that much of a file, it finds to be JSON-LD in the whole.
    package static let headSize = 65_536 + 4

    /// The format of some content, or `nil` when it is none of these.
    ///
    /// JSON that mentions `@context`, `@type` or `@graph` is JSON-LD, other JSON native; text that
    /// starts with `<` is HTML; text that starts with mail headers (`From:`, `Received:`...) is an
    /// e-mail, text that starts with a postmark line (`From sender date`) and then a header an
    /// mbox, and text that starts with `BEGIN:VCALENDAR` a calendar file.
    public static func detect(_ bytes: [UInt8]) -> InputFormat? {
        if bytes.starts(with: Array("%PDF-".utf8)) { return .document(.pdf) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .document(.pass) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF]) || bytes.starts(with: Array("GIF8".utf8)) {
            return .document(.image)
        }
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
            if MboxReader.isMbox(bytes[start...]) { return .mbox }
            if head.prefix(15).uppercased() == "BEGIN:VCALENDAR" { return .iCalendar }
            if isMail(head) { return .email }
            return isText(bytes) ? .document(.text) : nil
        }
    }

    /// Whether the bytes are text a person wrote: UTF-8 without control characters but tabs and
    /// line ends.
    private static func isText(_ bytes: [UInt8]) -> Bool {
        // The first 64 KB tell, without a character cut in two at their end.
        var head = bytes.prefix(65_536)
        if head.count < bytes.count {
            var dropped = 0
            while dropped < 3, let last = head.last, last >= 0x80 {
                head.removeLast()
                dropped += 1
                if last >= 0xC0 { break }  // the first byte of the character that was cut
            }
        }
        guard String(validating: head, as: UTF8.self) != nil else { return false }
        return !head.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }
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
