import Basics
import Chrono

/// Makes arbitrary text safe to put in an iCalendar property, keeping everything a person wrote.
///
/// Line breaks of any kind become `\n` (written `\n` escaped); tabs stay; other control
/// characters (including NUL, which would cut a C string short) are removed. Emoji, combining
/// marks and every other character stay as they are.
enum TextSanitizer {
    /// Text for a TEXT property that libical will escape.
    static func text(_ value: String) -> String {
        if isClean(value) { return value }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.append("\n")
            case 0x0A:
                if !previousWasCR { result.append("\n") }
            case 0x09:
                result.append(scalar)
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text(_:)` would leave the value as it is: no control characters but tab and line
    /// feed, no carriage return, no Unicode line separators (the usual case, checked on bytes).
    /// C1 controls and NEL are 0xC2 0x80...0x9F in UTF-8; U+2028 and U+2029 are 0xE2 0x80 0xA8 and 0xA9.
    private static func isClean(_ value: String) -> Bool {
        value.withUTF8Bytes { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte >= 0x20 && byte < 0x7F { continue }
                if byte == 0x09 || byte == 0x0A { continue }
                if byte < 0x20 || byte == 0x7F { return false }
                if byte == 0xC2, index < count, bytes[index] >= 0x80, bytes[index] <= 0x9F { return false }
                if byte == 0xE2, index + 1 < count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 {
                    return false
                }
            }
            return true
        }
    }

    /// Text escaped by the rules of RFC 5545 section 3.3.11, for X- properties libical does not escape.
    static func escapedText(_ value: String) -> String {
        var escaped = ""
        for character in text(value) {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A parameter value: no control characters and no double quotes (which cannot be escaped
    /// in a parameter); libical quotes values containing `:`, `;` or `,`.
    static func parameter(_ value: String) -> String {
        // Nothing to replace in the usual case: no control characters, no double quote.
        if isClean(value), value.allUTF8Bytes({ $0 != 0x0A && $0 != UInt8(ascii: "\"") }) { return value }
        return String(String.UnicodeScalarView(text(value).unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "\n": " "
            case "\"": "'"
            default: scalar
            }
        }))
    }

    /// A URI: control characters and white space cannot appear raw, so spaces and other white
    /// space are percent-encoded and control characters removed.
    static func uri(_ value: String) -> String {
        // Printable ASCII without spaces (nearly every URL) needs nothing.
        if value.allUTF8Bytes({ $0 > 0x20 && $0 < 0x7F }) { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F, 0x80...0x9F: continue
            case 0x20: result += "%20"
            default:
                if scalar.properties.isWhitespace {
                    for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
