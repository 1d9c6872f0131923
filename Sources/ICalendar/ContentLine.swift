import Basics
import Chrono

/// One iCalendar content line being written, unfolded: a name, parameters and a value, each
/// appended as UTF-8 with the escaping libical 3.0.16 gives the same value.
///
/// ``EventText`` writes events through it; the tests' `EventComponent`, which goes through libical, is
/// the reference it is tested against byte for byte. The buffer is kept from line to line, so
/// writing an event allocates nothing per property.
struct ContentLine {
    /// The line so far, without its CRLF.
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(256)
    }

    /// Starts a new line with a property's name.
    mutating func start(_ name: StaticString) {
        bytes.removeAll(keepingCapacity: true)
        append(name)
    }

    /// Starts a new line with a property's name given at run time (an `X-` name).
    mutating func start(_ name: String) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: name.utf8)
    }

    /// Appends text as it is.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text as it is.
    mutating func appendRaw(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    /// Appends the line, folded and ended by CRLF, to `output`.
    func fold(into output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { ContentLines.fold($0, into: &output) }
    }

    // MARK: Values

    /// How a TEXT value's separators are written: escaped, as RFC 5545 wants in a TEXT value,
    /// or as they are, as libical writes them in CATEGORIES and `X-` values.
    enum Separators {
        case escaped
        case raw
    }

    /// Appends a TEXT value already cleaned by ``TextSanitizer/text(_:)``: a backslash and a line
    /// feed escaped, `;` and `,` escaped or not, a tab as it is, and the carriage return,
    /// backspace and form feed left out (the sanitiser has already turned them into line feeds or
    /// removed them).
    mutating func appendText(_ value: String, separators: Separators = .escaped) {
        value.withUTF8Bytes { source in
            var plain = 0  // the start of what is not yet copied
            for index in 0..<source.count {
                let byte = source[index]
                guard byte == 0x5C || byte == 0x3B || byte == 0x2C || (byte < 0x0E && Self.isEscapedControl(byte)) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[plain..<index]))
                plain = index + 1
                switch byte {
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x3B, 0x2C:
                    if separators == .escaped { bytes.append(0x5C) }
                    bytes.append(byte)
                default: break  // CR, BS, FF: left out
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[plain...]))
        }
    }

    /// LF, CR, BS and FF: what a TEXT value does not keep as it is.
    private static func isEscapedControl(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x08 || byte == 0x0C
    }

    /// Appends `;NAME=value` for a parameter whose value is already cleaned by
    /// ``TextSanitizer/parameter(_:)``: quoted when empty or when it holds `;`, `:` or `,`, and
    /// any other character a parameter cannot hold written as libical does (RFC 6868's `^n`,
    /// `^^` and `^'`, else a space).
    mutating func appendParameter(_ name: String, _ value: String) {
        bytes.append(0x3B)
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3D)
        value.withUTF8Bytes { source in
            let quoted = source.isEmpty || source.contains { $0 == 0x3B || $0 == 0x3A || $0 == 0x2C }
            if quoted { bytes.append(0x22) }
            for byte in source {
                if Self.isSafeInParameter(byte, quoted: quoted) {
                    bytes.append(byte)
                    continue
                }
                switch byte {
                case 0x0A: bytes.append(contentsOf: [0x5E, 0x6E])
                case 0x5E: bytes.append(contentsOf: [0x5E, 0x5E])
                case 0x22: bytes.append(contentsOf: [0x5E, 0x27])
                default: bytes.append(0x20)
                }
            }
            if quoted { bytes.append(0x22) }
        }
    }

    /// What libical writes as it is in a parameter value (`icalparameter_is_safe_char`).
    private static func isSafeInParameter(_ byte: UInt8, quoted: Bool) -> Bool {
        if byte == 0x20 || byte == 0x09 || byte == 0x21 || (0x80...0xF8).contains(byte) { return true }
        if quoted { return (0x23...0x7E).contains(byte) }
        return (0x23...0x2B).contains(byte) || (0x2D...0x39).contains(byte) || (0x3C...0x7E).contains(byte)
    }

    /// Appends an integer in decimal, with zeros in front up to `minimumDigits` (`%0Nd`).
    mutating func appendDecimal(_ value: Int, minimumDigits: Int = 1) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var count = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let width = max(count, minimumDigits)
        bytes.append(contentsOf: repeatElement(0x30, count: width))
        var index = bytes.count - 1
        repeat {
            bytes[index] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
    }

    /// `YYYYMMDD`.
    mutating func appendDate(_ date: LocalDate) {
        appendDecimal(date.year, minimumDigits: 4)
        appendDecimal(date.month, minimumDigits: 2)
        appendDecimal(date.day, minimumDigits: 2)
    }

    /// `YYYYMMDDTHHMMSS`, and a `Z` for UTC.
    mutating func appendDateTime(_ local: LocalDateTime, utc: Bool) {
        appendDate(local.date)
        bytes.append(0x54)
        appendDecimal(local.time.hour, minimumDigits: 2)
        appendDecimal(local.time.minute, minimumDigits: 2)
        appendDecimal(local.time.second, minimumDigits: 2)
        if utc { bytes.append(0x5A) }
    }
}
