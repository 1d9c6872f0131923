import Diagnostics

/// How much of anything one input may hold: inputs come from e-mails and web pages written by
/// strangers, and a run must end with a clear error, not with the machine's memory exhausted.
///
/// Each limit has a name for the command line (`--limit file-size=512M`); the defaults are far
/// above what real bookings hold (the benchmark's largest export, docs/performance.md, is far
/// inside them) and far below what
/// would hurt a small machine.
public struct ImportLimits: Sendable, Hashable {
    /// The largest input file, in bytes (`file-size`). Larger files are not read. An mbox file is
    /// not bounded by it but message by message, by ``messageSize``.
    public var fileSize: Int
    /// The largest message in a mailbox (an mbox file or an IMAP folder), in bytes
    /// (`message-size`). Larger messages are reported and not read.
    public var messageSize: Int
    /// The deepest nesting of JSON arrays and objects (`json-depth`).
    public var jsonDepth: Int
    /// The deepest HTML element nesting searched for markup (`html-depth`).
    public var htmlDepth: Int
    /// The most HTML elements searched for markup in one page (`html-elements`).
    public var htmlElements: Int
    /// The most MIME parts read from one e-mail (`mime-parts`).
    public var mimeParts: Int
    /// The deepest nesting of multiparts and attached messages (`mime-depth`).
    public var mimeDepth: Int
    /// The largest decoded e-mail part, in bytes (`part-size`).
    public var partSize: Int
    /// The most reservations read from one input (`reservations`).
    public var reservations: Int
    /// The longest text of one field, in bytes of UTF-8 (`field-length`).
    public var fieldLength: Int
    /// The most seconds KDE's extractor may take over one document (`extractor-time`).
    public var extractorTime: Int

    /// Creates limits; every one has its default unless given.
    public init(
        fileSize: Int = 256 << 20, jsonDepth: Int = 256, htmlDepth: Int = 256, htmlElements: Int = 1_000_000,
        mimeParts: Int = 500, mimeDepth: Int = 32, partSize: Int = 32 << 20, reservations: Int = 1_000_000,
        fieldLength: Int = 64 << 10, extractorTime: Int = 30, messageSize: Int = 64 << 20
    ) {
        self.fileSize = fileSize
        self.messageSize = messageSize
        self.jsonDepth = jsonDepth
        self.htmlDepth = htmlDepth
        self.htmlElements = htmlElements
        self.mimeParts = mimeParts
        self.mimeDepth = mimeDepth
        self.partSize = partSize
        self.reservations = reservations
        self.fieldLength = fieldLength
        self.extractorTime = extractorTime
    }

    /// The limits' names, what each bounds, and whether it is a number of bytes.
    public static let names: [(name: String, meaning: String, isSize: Bool, keyPath: WritableKeyPath<ImportLimits, Int> & Sendable)] = [
        ("file-size", "bytes in one input file", true, \.fileSize),
        ("message-size", "bytes of one message in a mailbox", true, \.messageSize),
        ("json-depth", "nesting of JSON arrays and objects", false, \.jsonDepth),
        ("html-depth", "nesting of HTML elements searched", false, \.htmlDepth),
        ("html-elements", "HTML elements searched in one page", false, \.htmlElements),
        ("mime-parts", "MIME parts in one e-mail", false, \.mimeParts),
        ("mime-depth", "nesting of MIME multiparts and attached messages", false, \.mimeDepth),
        ("part-size", "bytes of one decoded e-mail part", true, \.partSize),
        ("reservations", "reservations read from one input", false, \.reservations),
        ("field-length", "bytes of text in one field", true, \.fieldLength),
        ("extractor-time", "seconds KDE's extractor may spend on one document", false, \.extractorTime),
    ]

    /// The value of a limit by its name, or `nil` for an unknown name.
    public subscript(name: String) -> Int? {
        Self.names.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
    }

    /// A size for messages: `256 MB`, `64 KB`, `286.1 MB`, `1000 bytes`.
    public static func describe(bytes: Int) -> String {
        DiagnosticMessage.describe(bytes: bytes)
    }
}
