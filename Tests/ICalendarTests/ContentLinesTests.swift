import Testing

@testable import ICalendar

@Suite("Folding content lines")
struct ContentLinesTests {
    private func fold(_ line: String) -> String {
        var output: [UInt8] = []
        ContentLines.fold(Array(line.utf8), into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func physicalLines(_ folded: String) -> [Substring] {
        folded.utf8.split(separator: 0x0A).map { Substring($0) }.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// Unfolds octet by octet, as RFC 5545 defines it (a space followed by a combining mark is one
    /// Swift Character, so string-level replacement would miss such folds).
    private func unfold(_ folded: String) -> String {
        var bytes: [UInt8] = []
        let raw = Array(folded.utf8)
        var index = 0
        while index < raw.count {
            if raw[index] == 0x0D, index + 1 < raw.count, raw[index + 1] == 0x0A {
                index += (index + 2 < raw.count && raw[index + 2] == 0x20) ? 3 : 2
                continue
            }
            bytes.append(raw[index])
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("short lines pass unchanged")
    func short() {
        #expect(fold("SUMMARY:Flight") == "SUMMARY:Flight\r\n")
        let exact = "DESCRIPTION:" + String(repeating: "x", count: 63)
        #expect(fold(exact) == exact + "\r\n")
    }

    @Test("every physical line is at most 75 octets and unfolding restores the line", arguments: [
        String(repeating: "a", count: 500),
        String(repeating: "é", count: 200),
        String(repeating: "😀", count: 90),
        String(repeating: "👩🏽‍🚀", count: 40),
        String(repeating: "e\u{301}\u{302}", count: 80),
        String(repeating: "\\n", count: 120),
        String(repeating: "x\\,", count: 120),
        String(repeating: "\\\\", count: 100),
        "abc" + String(repeating: "\u{301}", count: 100),
    ])
    func long(value: String) {
        let line = "DESCRIPTION:" + value
        let folded = fold(line)
        for physical in physicalLines(folded) {
            #expect(physical.utf8.count <= 75)
        }
        #expect(unfold(folded) == line)
    }

    @Test("a fold never splits an escape pair such as \\n")
    func escapes() {
        for prefix in 0..<80 {
            let line = "DESCRIPTION:" + String(repeating: "y", count: prefix) + String(repeating: "\\n", count: 40)
            let lines = physicalLines(fold(line))
            for (line, next) in zip(lines, lines.dropFirst()) where next.hasPrefix(" ") {
                let trailing = line.reversed().prefix(while: { $0 == "\\" }).count
                #expect(trailing % 2 == 0, "escape split after \(line.debugDescription)")
            }
        }
    }

    @Test("a fold never splits a UTF-8 sequence or a grapheme cluster")
    func clusters() {
        let family = "👨‍👩‍👧‍👦"
        for prefix in 0..<40 {
            let line = "SUMMARY:" + String(repeating: "z", count: prefix) + String(repeating: family, count: 6)
            for physical in physicalLines(fold(line)) {
                let text = physical.hasPrefix(" ") ? physical.dropFirst() : physical
                #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
                #expect(!text.contains("\u{200D}") || text.hasPrefix("👨") || text.hasPrefix("SUMMARY"))
            }
        }
    }

    @Test("libical's folds are undone before folding again")
    func refold() {
        var output: [UInt8] = []
        ContentLines.refold("BEGIN:VEVENT\r\nSUMMARY:ab\r\n c\\\r\n nd\r\nEND:VEVENT\r\n", into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "BEGIN:VEVENT\r\nSUMMARY:abc\\nd\r\nEND:VEVENT\r\n")
    }

    /// The folding rules written the plain way, cluster by cluster: what the fast paths must match.
    static func referenceFold(_ line: String) -> String {
        var units: [Substring] = []
        var index = line.startIndex
        while index < line.endIndex {
            var next = line.index(after: index)
            if line[index] == "\\", next < line.endIndex { next = line.index(after: next) }
            let unit = line[index..<next]
            if unit.utf8.count > 74 {
                var scalar = unit.startIndex
                while scalar < unit.endIndex {
                    let after = unit.unicodeScalars.index(after: scalar)
                    units.append(unit[scalar..<after])
                    scalar = after
                }
            } else {
                units.append(unit)
            }
            index = next
        }
        if line.utf8.count <= 75 { return line + "\r\n" }
        var output = ""
        var used = 0
        for unit in units {
            let size = unit.utf8.count
            if used + size > 75, used > 1 || (used == 1 && size <= 74) {
                output += "\r\n "
                used = 1
            }
            output += unit
            used += size
        }
        return output + "\r\n"
    }

    @Test("the same folds as the plain cluster-by-cluster rules, on random text of every kind")
    func matchesReference() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Z", " ", ",", "\\n", "\\\\", "\\,", "\\;", "\u{301}", "e\u{301}", "é", "·", "→", "\u{202F}", "中", "😀", "👍🏽",
            "👨‍👩‍👧‍👦", "🇫🇮", "🇫", "\u{200D}", "\u{FE0F}", "\u{0600}", "1", "한", "\u{1100}\u{1161}\u{11A8}", "\\\u{301}",
        ]
        var mismatches: [String] = []
        for _ in 0..<3_000 {
            let length = Int.random(in: 20...220, using: &generator)
            let line = "DESCRIPTION:" + (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if fold(line) != Self.referenceFold(line) { mismatches.append(line.debugDescription) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.first ?? "")")
    }
}
