import Basics
import MailMessage
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
        var phrase: String {
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
    /// What is a message (``MailMessage/MessageDetector``: it starts with a header field, any
    /// field, or a postmark) is an e-mail, or an mbox when a postmark line and a header start it;
    /// this is decided first, whatever else the bytes might pass for, so that no message is read
    /// as anything but one. Otherwise JSON that mentions `@context`, `@type` or `@graph` is
    /// JSON-LD, other JSON native; text that starts with `<` is HTML, and text that starts with
    /// `BEGIN:VCALENDAR` a calendar file.
    public static func detect(_ bytes: [UInt8]) -> InputFormat? {
        if MessageDetector.isMessage(bytes) {
            let start = MessageDetector.start(of: Array(bytes.prefix(MessageDetector.headSize)))
            return MboxReader.isMbox(bytes[start...]) ? .mbox : .email
        }
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
            if head.prefix(15).uppercased() == "BEGIN:VCALENDAR" { return .iCalendar }
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
}
