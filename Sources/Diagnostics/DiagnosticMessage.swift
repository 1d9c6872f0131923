/// What a ``Diagnostic`` or an error says, kept as its parts until it is said.
///
/// Written as a string literal with interpolations, as any message is:
///
/// ```swift
/// "the message is \(bytes: size), more than the limit of \(bytes: limit) (\(setting: .limit(.messageSize))); not read"
/// ```
///
/// but the values are kept, not formatted: a run that reports a hundred thousand diagnostics and
/// says none of them pays for no text. ``text(_:)`` says it, naming settings in a
/// ``DiagnosticWording``; `description` says it in the program's (``DiagnosticWording/current``).
public struct DiagnosticMessage: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// One part of a message.
    enum Part: Sendable {
        case text(String)
        case value(any CustomStringConvertible & Sendable)
        case bytes(Int)
        case setting(Setting)
    }

    var parts: [Part]

    /// A message of plain text.
    public init(verbatim text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// The message in words, naming settings as `wording` does.
    public func text(_ wording: DiagnosticWording) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let piece): text += piece
            case .value(let value): text += value.description
            case .bytes(let count): text += Self.describe(bytes: count)
            case .setting(let setting): text += wording.setting(setting)
            }
        }
        return text
    }

    /// The message in the program's wording.
    public var description: String { text(.current) }

    /// `message` followed by `more`.
    public static func + (message: DiagnosticMessage, more: DiagnosticMessage) -> DiagnosticMessage {
        var joined = message
        joined.parts += more.parts
        return joined
    }

    /// Appends `more`.
    public static func += (message: inout DiagnosticMessage, more: DiagnosticMessage) {
        message.parts += more.parts
    }

    /// Messages are the same when they say the same in the library's words.
    public static func == (lhs: DiagnosticMessage, rhs: DiagnosticMessage) -> Bool {
        lhs.text(.library) == rhs.text(.library)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text(.library))
    }

    /// A size for messages: `256 MB`, `64 KB`, `286.1 MB`, `1000 bytes`.
    public static func describe(bytes: Int) -> String {
        for (shift, unit) in [(30, "GB"), (20, "MB"), (10, "KB")] where bytes >= 1 << shift {
            if bytes % (1 << shift) == 0 { return "\(bytes >> shift) \(unit)" }
            let tenths = Int((Double(bytes) / Double(1 << shift) * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// The parts of a message being written.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// Text, as it is.
        public mutating func appendInterpolation(_ text: String) {
            parts.append(.text(text))
        }

        /// A value, described when the message is said.
        public mutating func appendInterpolation<Value: CustomStringConvertible & Sendable>(_ value: Value) {
            parts.append(.value(value))
        }

        /// A value that cannot be kept (an error of unknown type), described now.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            parts.append(.text(String(describing: value)))
        }

        /// Another message, with its parts.
        public mutating func appendInterpolation(_ message: DiagnosticMessage) {
            parts += message.parts
        }

        /// A size in bytes, said as `64 MB`.
        public mutating func appendInterpolation(bytes: Int) {
            parts.append(.bytes(bytes))
        }

        /// A setting, named in the wording the message is said in.
        public mutating func appendInterpolation(setting: Setting) {
            parts.append(.setting(setting))
        }
    }
}
