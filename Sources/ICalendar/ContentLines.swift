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
            foldUnicode(line, into: &output)
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
    /// Two ASCII characters in a row always have a cluster boundary between them, so the line is
    /// cut at such places into stretches, and clusters are worked out (by the standard library)
    /// only in the stretches that hold other characters.
    private static func foldUnicode(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var folder = UnicodeFolder(line: line)
        folder.fold(into: &output)
    }
}

/// The state of folding one line that holds non-ASCII text (see ``ContentLines``).
private struct UnicodeFolder {
    let line: UnsafeBufferPointer<UInt8>
    /// Octets on the current physical line.
    var used = 0
    /// The start of what is not yet appended to the output.
    var pending = 0
    /// A lone backslash waiting for the cluster it escapes.
    var escapeStart: Int?

    init(line: UnsafeBufferPointer<UInt8>) {
        self.line = line
    }

    mutating func fold(into output: inout [UInt8]) {
        let count = line.count
        var start = 0
        while start < count {
            let byte = line[start]
            if byte < 0x80, start + 1 == count || line[start + 1] < 0x80 {
                if escapeStart == nil, byte != UInt8(ascii: "\\") {
                    // A run of ASCII characters, each followed by another: one cluster each,
                    // placed in bulk up to the next backslash or non-ASCII character.
                    var end = start + 1
                    while end < count, line[end] < 0x80, line[end] != UInt8(ascii: "\\"), end + 1 == count || line[end + 1] < 0x80 {
                        end += 1
                    }
                    placeSingles(start..<end, into: &output)
                    start = end
                    continue
                }
                // An ASCII character before another: a cluster of its own.
                cluster(start..<start + 1, into: &output)
                start += 1
                continue
            }
            // A stretch up to the next pair of ASCII characters, cut into clusters by Swift.
            var end = start + 1
            while end < count, !(line[end - 1] < 0x80 && line[end] < 0x80) { end += 1 }
            let stretch = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
            if stretch.utf8.count != end - start {
                // Invalid UTF-8 (repaired to other bytes): fold it octet by octet.
                for offset in start..<end { cluster(offset..<offset + 1, into: &output) }
            } else {
                var clusterStart = start
                for character in stretch {
                    let length = character.utf8.count
                    cluster(clusterStart..<clusterStart + length, into: &output)
                    clusterStart += length
                }
            }
            start = end
        }
        if let start = escapeStart { piece(start..<count, into: &output) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[pending..<count]))
    }

    private mutating func cluster(_ range: Range<Int>, into output: inout [UInt8]) {
        if let start = escapeStart {
            escapeStart = nil
            piece(start..<range.upperBound, into: &output)
        } else if range.count == 1, line[range.lowerBound] == UInt8(ascii: "\\"), range.upperBound < line.count {
            escapeStart = range.lowerBound
        } else {
            piece(range, into: &output)
        }
    }

    /// A piece the line may be folded before; a cluster longer than a line is folded between
    /// its scalars.
    private mutating func piece(_ range: Range<Int>, into output: inout [UInt8]) {
        guard range.count > ContentLines.maximumOctets - 1 else {
            place(range, into: &output)
            return
        }
        var scalarStart = range.lowerBound
        for offset in (range.lowerBound + 1)...range.upperBound where offset == range.upperBound || line[offset] & 0xC0 != 0x80 {
            place(scalarStart..<offset, into: &output)
            scalarStart = offset
        }
    }

    /// Places one-octet pieces, folding before each that does not fit.
    private mutating func placeSingles(_ range: Range<Int>, into output: inout [UInt8]) {
        var next = range.lowerBound
        while next < range.upperBound {
            if used >= ContentLines.maximumOctets {
                // The line is full: a one-octet piece always goes on the next one.
                output.append(contentsOf: UnsafeBufferPointer(rebasing: line[pending..<next]))
                output.append(contentsOf: [0x0D, 0x0A, 0x20])
                pending = next
                used = 1
            }
            let room = min(ContentLines.maximumOctets - used, range.upperBound - next)
            used += room
            next += room
        }
    }

    @inline(__always)
    private mutating func place(_ range: Range<Int>, into output: inout [UInt8]) {
        let size = range.count
        if used + size > ContentLines.maximumOctets, used > 1 || (used == 1 && size <= ContentLines.maximumOctets - 1) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: line[pending..<range.lowerBound]))
            output.append(contentsOf: [0x0D, 0x0A, 0x20])
            pending = range.lowerBound
            used = 1
        }
        used += size
    }
}
