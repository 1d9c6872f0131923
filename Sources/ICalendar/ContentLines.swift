/// Folds iCalendar content lines correctly.
///
/// libical folds at 75 octets and keeps UTF-8 characters whole, but it can split an escape
/// sequence such as `\n` across a fold (Google Calendar then hides the event) and it splits
/// between a letter and its combining mark. So its output is unfolded and folded again here:
/// every physical line is at most 75 octets, continuation lines start with one space, and a
/// fold never falls inside a UTF-8 sequence, an escape pair, or (unless one is longer than a
/// line) a grapheme cluster such as an emoji with modifiers or a letter with its accents.
///
/// The work is done on UTF-8 bytes. Lines of ASCII only, nearly all of them, fold by counting
/// octets; only a line with other characters is cut into grapheme clusters.
enum ContentLines {
    /// The longest physical line, in octets, without its CRLF (RFC 5545 section 3.1).
    static let maximumOctets = 75

    /// Unfolds `text` and appends its lines to `output`, folded, each ended by CRLF.
    static func refold(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var joined: [UInt8] = []  // a logical line made of several physical ones
        var index = 0
        let count = text.count
        while index < count {
            // One physical line: up to CR LF, or a bare LF.
            let start = index
            var end = index
            while end < count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
            var next = end
            if next < count, text[next] == 0x0D { next += 1 }
            if next < count, text[next] == 0x0A, next == end || text[end] == 0x0D { next += 1 }
            if next == end { next += 1 }  // the end of the text
            let continues = next < count && (text[next] == 0x20 || text[next] == 0x09)
            if continues || !joined.isEmpty {
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                index = continues ? next + 1 : next
                if !continues {
                    fold(joined[...], into: &output)
                    joined.removeAll(keepingCapacity: true)
                }
                continue
            }
            if end > start { fold(UnsafeBufferPointer(rebasing: text[start..<end]), into: &output) }
            index = next
        }
        if !joined.isEmpty { fold(joined[...], into: &output) }
    }

    /// Unfolds `text` and appends its lines to `output`, folded, each ended by CRLF.
    static func refold(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { refold($0, into: &output) }
    }

    /// Appends one unfolded content line, folded, with its CRLF.
    static func fold(_ line: [UInt8], into output: inout [UInt8]) {
        fold(line[...], into: &output)
    }

    /// Appends one unfolded content line, folded, with its CRLF.
    static func fold(_ line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        line.withUnsafeBufferPointer { fold($0, into: &output) }
    }

    /// Appends one unfolded content line, folded, with its CRLF.
    static func fold(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        if line.count <= maximumOctets {
            output.append(contentsOf: line)
        } else if line.allSatisfy({ $0 < 0x80 }) {
            foldASCII(line, into: &output)
        } else {
            foldUnicode(Array(line), into: &output)
        }
        output.append(0x0D)
        output.append(0x0A)
    }

    /// Whether a fold may go before a piece of `size` octets, with `used` octets on the line.
    private static func mustFold(used: Int, size: Int) -> Bool {
        used + size > maximumOctets && (used > 1 || (used == 1 && size <= maximumOctets - 1))
    }

    /// ASCII: every octet is a character, and a backslash stays with the octet it escapes.
    private static func foldASCII(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var used = 0
        var index = 0
        var pieceStart = 0  // the start of what is not yet appended
        while index < line.count {
            let size = line[index] == UInt8(ascii: "\\") && index + 1 < line.count ? 2 : 1
            if mustFold(used: used, size: size) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: line[pieceStart..<index]))
                output.append(contentsOf: [0x0D, 0x0A, 0x20])
                pieceStart = index
                used = 1
            }
            used += size
            index += size
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[pieceStart..<line.count]))
    }

    /// Other text: folds between grapheme clusters (or scalars, for a cluster longer than a
    /// line), with a backslash kept with the character it escapes.
    ///
    /// An ASCII character followed by another ASCII character is a cluster of its own, so
    /// clusters are worked out (by the standard library) only around other characters, instead
    /// of walking the whole line cluster by cluster.
    private static func foldUnicode(_ line: [UInt8], into output: inout [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        let bytes = Array(text.utf8)  // the same as `line` unless it held invalid UTF-8
        let count = bytes.count
        let utf8 = text.utf8
        var used = 0
        var pending = 0  // the start of what is not yet appended
        func append(_ range: Range<Int>) {
            if mustFold(used: used, size: range.count) {
                output.append(contentsOf: bytes[pending..<range.lowerBound])
                output.append(contentsOf: [0x0D, 0x0A, 0x20])
                pending = range.lowerBound
                used = 1
            }
            used += range.count
        }
        /// The end of the cluster starting at `offset`.
        func clusterEnd(_ offset: Int) -> Int {
            if bytes[offset] < 0x80, offset + 1 == count || bytes[offset + 1] < 0x80 { return offset + 1 }
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            return utf8.distance(from: utf8.startIndex, to: text.index(after: index))
        }
        var start = 0
        while start < count {
            var end = clusterEnd(start)
            // A backslash on its own (not carrying a combining mark) keeps the cluster it escapes.
            if bytes[start] == UInt8(ascii: "\\"), end == start + 1, end < count { end = clusterEnd(end) }
            if end - start > maximumOctets - 1 {
                // A cluster longer than a line: fold between its scalars.
                var scalarStart = start
                var offset = start + 1
                while offset <= end {
                    if offset == end || bytes[offset] & 0xC0 != 0x80 {
                        append(scalarStart..<offset)
                        scalarStart = offset
                    }
                    offset += 1
                }
            } else {
                append(start..<end)
            }
            start = end
        }
        output.append(contentsOf: bytes[pending..<count])
    }
}
