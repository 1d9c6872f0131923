/// The text of a JSON string (between its quotes) or number, as it stands in the document: its
/// UTF-8 and escape sequences already checked by the reader, not yet decoded. A sink that keeps
/// only some strings (the schema.org reader keeps the few a reservation needs) decodes only those.
///
/// It borrows the document: use it only during the sink call that received it, or keep its
/// ``range`` and the document together.
package struct JSONText {
    /// The whole document.
    package let document: UnsafeBufferPointer<UInt8>
    /// Where the text is in the document.
    package let range: Range<Int>
    /// Whether the text holds escape sequences (`\n`, `\u00E9`) that decoding replaces.
    package let hasEscapes: Bool

    /// The raw bytes.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: document[range]) }

    /// The decoded text.
    package var string: String { Self.decode(bytes, hasEscapes: hasEscapes) }

    /// Decodes the checked bytes of a string: escapes replaced by what they stand for.
    package static func decode(_ raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool) -> String {
        guard hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
                decoded.append(byte)
                index += 1
                continue
            }
            let letter = raw[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(raw, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= raw.count {
                    // The reader checked that a low surrogate follows.
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad(raw, at: index + 2) - 0xDC00)
                    index += 6
                }
                appendUTF8(of: scalar, to: &decoded)
            default: decoded.append(letter)  // \" \\ \/
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value of four hexadecimal digits the reader checked.
    package static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<min(start + 4, bytes.count) {
            let byte = bytes[index]
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                default: byte - UInt8(ascii: "A") + 10
                }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Appends the UTF-8 form of a scalar value (not a surrogate, at most U+10FFFF).
    package static func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            bytes.append(UInt8(scalar))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
