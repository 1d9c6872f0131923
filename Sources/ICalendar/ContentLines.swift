/// Folds iCalendar content lines correctly.
///
/// libical folds at 75 octets and keeps UTF-8 characters whole, but it can split an escape
/// sequence such as `\n` across a fold (Google Calendar then hides the event) and it splits
/// between a letter and its combining mark. So its output is unfolded and folded again here:
/// every physical line is at most 75 octets, continuation lines start with one space, and a
/// fold never falls inside a UTF-8 sequence, an escape pair, or (unless one is longer than a
/// line) a grapheme cluster such as an emoji with modifiers or a letter with its accents.
enum ContentLines {
    /// The longest physical line, in octets, without its CRLF (RFC 5545 section 3.1).
    static let maximumOctets = 75

    /// Unfolds `text` and appends its lines to `output`, folded, each ended by CRLF.
    static func refold(_ text: String, into output: inout String) {
        var line: [UInt8] = []
        var bytes = Array(text.utf8)
        bytes.append(0x0D)
        bytes.append(0x0A)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                if index + 2 < bytes.count, bytes[index + 2] == 0x20 || bytes[index + 2] == 0x09 {
                    index += 3  // a fold: the line goes on
                    continue
                }
                if !line.isEmpty { fold(line, into: &output) }
                line.removeAll(keepingCapacity: true)
                index += 2
                continue
            }
            line.append(byte)
            index += 1
        }
        if !line.isEmpty { fold(line, into: &output) }
    }

    /// Appends one unfolded content line, folded, with its CRLF.
    static func fold(_ line: [UInt8], into output: inout String) {
        if line.count <= maximumOctets {
            output += String(decoding: line, as: UTF8.self)
            output += "\r\n"
            return
        }
        var used = 0
        for unit in units(of: String(decoding: line, as: UTF8.self)) {
            let size = unit.utf8.count
            if used + size > maximumOctets, used > 1 || (used == 1 && size <= maximumOctets - 1) {
                output += "\r\n "
                used = 1
            }
            output += unit
            used += size
        }
        output += "\r\n"
    }

    /// The pieces a line may be folded between: grapheme clusters, with a backslash kept with
    /// the character it escapes, and clusters longer than a line broken into Unicode scalars.
    private static func units(of line: String) -> [Substring] {
        var units: [Substring] = []
        var index = line.startIndex
        while index < line.endIndex {
            var next = line.index(after: index)
            if line[index] == "\\", next < line.endIndex { next = line.index(after: next) }
            let unit = line[index..<next]
            if unit.utf8.count > maximumOctets - 1 {
                var scalarIndex = unit.startIndex
                while scalarIndex < unit.endIndex {
                    let after = unit.unicodeScalars.index(after: scalarIndex)
                    units.append(unit[scalarIndex..<after])
                    scalarIndex = after
                }
            } else {
                units.append(unit)
            }
            index = next
        }
        return units
    }
}
