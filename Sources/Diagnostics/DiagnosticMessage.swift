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
/// ``DiagnosticWording``; `description` says it in the library's.
///
/// Two messages are equal when they are made of the same parts: the same text, the same values
/// (compared as values where they are `Hashable`, else as they describe themselves), the same
/// sizes and settings.
public struct DiagnosticMessage: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// One part of a message.
    enum Part: Sendable, Hashable {
        case text(String)
        case value(any CustomStringConvertible & Sendable)
        case bytes(Int)
        case setting(Setting)

        static func == (lhs: Part, rhs: Part) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a == b
            case (.bytes(let a), .bytes(let b)): a == b
            case (.setting(let a), .setting(let b)): a == b
            case (.value(let a), .value(let b)): Self.comparable(a) == Self.comparable(b)
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .text(let text): hasher.combine(0); hasher.combine(text)
            case .bytes(let count): hasher.combine(1); hasher.combine(count)
            case .setting(let setting): hasher.combine(2); hasher.combine(setting)
            case .value(let value): hasher.combine(3); hasher.combine(Self.comparable(value))
            }
        }

        /// A value as it is compared: itself where it is `Hashable`, else its description.
        private static func comparable(_ value: any CustomStringConvertible & Sendable) -> AnyHashable {
            (value as? any Hashable).map { AnyHashable($0) } ?? AnyHashable(value.description)
        }
    }

    /// The parts, with no empty text and no two texts in a row (so that a message is equal to
    /// another made of the same text cut elsewhere).
    private(set) var parts: [Part]

    /// A message of plain text.
    public init(verbatim text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = []
        append(stringInterpolation.parts)
    }

    /// Appends parts, joining text to text.
    private mutating func append(_ more: [Part]) {
        parts.reserveCapacity(parts.count + more.count)
        for part in more {
            if case .text(let piece) = part {
                if piece.isEmpty { continue }
                if case .text(let last)? = parts.last {
                    parts[parts.count - 1] = .text(last + piece)
                    continue
                }
            }
            parts.append(part)
        }
    }

    /// The message in words, naming settings as `wording` does.
    public func text(_ wording: DiagnosticWording) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let piece): text += piece
            case .value(let value): text += wording.text(of: value)
            case .bytes(let count): text += Self.describe(bytes: count)
            case .setting(let setting): text += wording.setting(setting)
            }
        }
        return text
    }

    /// The message in the library's wording.
    public var description: String { text(.library) }

    /// `message` followed by `more`.
    public static func + (message: DiagnosticMessage, more: DiagnosticMessage) -> DiagnosticMessage {
        var joined = message
        joined.append(more.parts)
        return joined
    }

    /// Appends `more`.
    public static func += (message: inout DiagnosticMessage, more: DiagnosticMessage) {
        message.append(more.parts)
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

        /// A value that cannot be kept (an error of unknown type): its message's parts when it
        /// says itself as one, else described now.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            if let convertible = value as? any DiagnosticMessageConvertible {
                parts += convertible.message.parts
            } else {
                parts.append(.text(String(describing: value)))
            }
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
