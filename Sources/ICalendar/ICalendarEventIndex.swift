import Chrono

/// Where each VEVENT of an iCalendar document is, found without parsing the events, so that a
/// large feed can be read one event at a time, and only the events that need it are parsed.
///
/// A component starts with a line that is exactly `BEGIN:VEVENT` and ends with `END:VEVENT`:
/// a folded line goes on after a space or tab and text values escape their line breaks, so
/// neither can appear at the start of a physical line by accident. For each event, the UID and
/// the three properties that say which version of it this is (SEQUENCE, DTSTAMP, LAST-MODIFIED)
/// are read from its top-level lines. They are hints: ``ICalendarReader/event(in:)`` reads an
/// event through libical, and a caller that relies on the hints checks them against libical's
/// output (the feed compares whole texts byte for byte).
public struct ICalendarEventIndex: Sendable {
    /// One VEVENT.
    public struct Entry: Sendable, Hashable {
        /// The byte range of the component, from `BEGIN:VEVENT` to the line break after `END:VEVENT`.
        public var range: Range<Int>
        /// The line `BEGIN:VEVENT` is on, from 1.
        public var line: Int
        /// The UID, unescaped, or `nil` when the component has none that could be read.
        public var uid: String?
        /// SEQUENCE, DTSTAMP and LAST-MODIFIED, when each is present and in the plain form this
        /// package writes (an integer; a UTC date-time).
        public var sequence: Int?
        public var stamp: Instant?
        public var lastModified: Instant?
        /// The organization whose mail made the booking (`X-RESERVATION-FEED-BOOKED-BY`), lower
        /// case, when the event says.
        public var bookedBy: String?
    }

    /// The events, in document order.
    public var entries: [Entry]
    /// What is wrong with the document's structure: `a VEVENT starting on line 12 is not closed`.
    public var problems: [String]

    /// Indexes a document.
    ///
    /// - Throws: ``ICalendarReadError/notICalendar(_:)`` when the first line is not `BEGIN:VCALENDAR`.
    public init(_ bytes: [UInt8]) throws(ICalendarReadError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(ICalendarReadError) in try Self(buffer) }
    }

    /// Indexes a document held elsewhere, such as a file mapped into memory. The byte ranges of
    /// the entries are offsets into `bytes`.
    ///
    /// - Parameter done: Told now and then the offset before which the index will not look again.
    /// - Throws: ``ICalendarReadError/notICalendar(_:)`` when the first line is not `BEGIN:VCALENDAR`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, done: (Int) -> Void = { _ in }) throws(ICalendarReadError) {
        entries = []
        problems = []
        var scanner = LineScanner(bytes: bytes)
        guard let first = scanner.nextNonEmptyLine(), Self.equals(bytes[first], "BEGIN:VCALENDAR") else {
            throw .notICalendar("it does not start with BEGIN:VCALENDAR")
        }
        var current: Entry?
        var depth = 0
        var reported = 0  // the last offset given to `done`
        while let line = scanner.nextLine() {
            let text = bytes[line]
            if current == nil {
                if Self.equals(text, "BEGIN:VEVENT") {
                    current = Entry(range: line.lowerBound..<line.upperBound, line: scanner.lineNumber)
                    depth = 1
                }
                continue
            }
            if Self.equals(text, "BEGIN:VEVENT") || Self.equals(text, "END:VCALENDAR") {
                // The event before was never closed; what follows is read on its own.
                problems.append("the VEVENT starting on line \(current!.line) is not closed")
                current = nil
                if Self.equals(text, "BEGIN:VEVENT") {
                    current = Entry(range: line.lowerBound..<line.upperBound, line: scanner.lineNumber)
                    depth = 1
                }
                continue
            }
            if Self.hasPrefix(text, "BEGIN:") {
                depth += 1
            } else if Self.hasPrefix(text, "END:") {
                depth -= 1
                if depth == 0 {
                    current!.range = current!.range.lowerBound..<scanner.lineEnd
                    entries.append(current!)
                    current = nil
                    if scanner.lineEnd - reported >= 1 << 20 {
                        reported = scanner.lineEnd
                        done(reported)
                    }
                }
            } else if depth == 1 {
                Self.read(scanner.unfolded(line), into: &current!)
            }
        }
        if current != nil {
            problems.append("the VEVENT starting on line \(current!.line) is not closed")
        }
    }

    /// Reads a top-level property of an event, if it is one of those indexed.
    private static func read(_ line: [UInt8], into entry: inout Entry) {
        guard let colon = valueStart(of: line) else { return }
        let nameEnd = line.firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }) ?? colon
        let name = line[..<nameEnd]
        let value = line[(colon + 1)...]
        let hasParameters = nameEnd < colon
        if equals(name, "UID") {
            if entry.uid == nil { entry.uid = unescaped(value) }
        } else if hasParameters {
            return
        } else if equals(name, "SEQUENCE") {
            entry.sequence = Int(String(decoding: value, as: UTF8.self))
        } else if equals(name, "DTSTAMP") {
            entry.stamp = utc(value)
        } else if equals(name, "LAST-MODIFIED") {
            entry.lastModified = utc(value)
        } else if equals(name, "X-RESERVATION-FEED-BOOKED-BY") {
            let maker = String(decoding: value, as: UTF8.self).lowercased()
            if EventRules.isPlainValue(maker) { entry.bookedBy = maker }
        }
    }

    /// The index of the colon that starts a content line's value: the first one outside a quoted
    /// parameter value.
    private static func valueStart(of line: [UInt8]) -> Int? {
        var quoted = false
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted { return index }
        }
        return nil
    }

    /// TEXT unescaped (RFC 5545 section 3.3.11).
    private static func unescaped(_ value: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        var escaping = false
        for byte in value {
            if escaping {
                bytes.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `20300616T120500Z`.
    private static func utc(_ value: ArraySlice<UInt8>) -> Instant? {
        let digits = Array(value)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                result = result * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
            let minute = number(11..<13), let second = number(13..<15),
            let local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return local.instant(at: .zero)
    }

    private static func equals(_ line: some Collection<UInt8>, _ text: StaticString) -> Bool {
        line.count == text.utf8CodeUnitCount && hasPrefix(line, text)
    }

    /// Whether the line starts with `text`, ignoring ASCII case (property names are case-insensitive).
    private static func hasPrefix(_ line: some Collection<UInt8>, _ text: StaticString) -> Bool {
        guard line.count >= text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            zip(line, expected).allSatisfy { Self.upper($0) == $1 }
        }
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    /// Physical lines (CRLF or LF), and logical lines with their continuations joined.
    private struct LineScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The end of the last line returned, line break included.
        var lineEnd = 0
        /// The number of the last line returned, from 1.
        var lineNumber = 0

        mutating func nextLine() -> Range<Int>? {
            guard index < bytes.count else { return nil }
            let start = index
            var end = start
            lineNumber += 1
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            index = min(end + 1, bytes.count)
            lineEnd = index
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            return start..<end
        }

        mutating func nextNonEmptyLine() -> Range<Int>? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while let line = nextLine() {
                if !line.isEmpty { return line }
            }
            return nil
        }

        /// The logical line starting with `line`: its continuation lines, if any, are consumed.
        mutating func unfolded(_ line: Range<Int>) -> [UInt8] {
            var result = Array(UnsafeBufferPointer(rebasing: bytes[line]))
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
                let start = index
                guard let next = nextLine() else { break }
                result += UnsafeBufferPointer(rebasing: bytes[(start + 1)..<next.upperBound])
            }
            return result
        }
    }
}
