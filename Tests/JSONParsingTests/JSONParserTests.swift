import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import JSONParsing

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test("values, nesting, escapes and positions")
    func values() throws {
        let root = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}}"#)
        #expect(root.offset == 1)
        guard case .array(let elements) = root.member("a")?.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.value) == [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])
        #expect(elements.map(\.offset) == [8, 11, 19, 25, 32])
        #expect(root.member("b")?.value == .string("x\"\\/\u{8}\u{C}\n\r\té😀"))
        #expect(root.member("c")?.value == .object([]))
    }

    @Test("a byte order mark and surrounding white space are allowed")
    func bom() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" \r\n\t[]\n".utf8)).value == .array([]))
    }

    @Test("a repeated member name: the last one counts")
    func repeatedKey() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#).member("a")?.value == .number("2"))
    }

    @Test("syntax errors say what and where", arguments: [
        ("", "the file holds no JSON value", 1, 1),
        ("{\"a\": 1,}", "expected a member name in double quotes, found '}'", 1, 9),
        ("[1, 2,]", "unexpected ']', expected a value", 1, 7),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "expected ',' or '}' after an object member, found '\"'", 3, 3),
        ("{\"a\" 1}", "expected ':' after the member name \"a\", found '1'", 1, 6),
        ("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
        ("{\"a\": \"unterminated}", "this string is not closed before the end of the file", 1, 7),
        ("[\"line\nbreak\"]", "a line break inside a string (write it as \\n, or close the string)", 1, 7),
        ("[\"tab\there\"]", "control character U+0009 inside a string (escape it as \\u0009)", 1, 6),
        (#"["\q"]"#, "invalid escape sequence \\q", 1, 3),
        (#"["\u12"]"#, "a \\u escape needs four hexadecimal digits", 1, 7),
        (#"["\ud83d"]"#, "\\uD83D starts a surrogate pair that is not completed", 1, 9),
        (#"["\ude00"]"#, "\\uDE00 is a lone low surrogate", 1, 9),
        ("[01]", "a number cannot start with 0 followed by digits", 1, 3),
        ("[1.]", "expected digits after the decimal point", 1, 4),
        ("[1e+]", "expected digits in the exponent", 1, 5),
        ("[-]", "expected digits in a number", 1, 3),
        ("[tru]", "unexpected 't', expected a value", 1, 2),
        ("{} {}", "unexpected '{' after the end of the JSON value", 1, 4),
        ("[NaN]", "unexpected 'N', expected a value", 1, 2),
        ("['a']", "unexpected ''', expected a value", 1, 2),
        ("{\"é\": «}", "unexpected '«', expected a value", 1, 7),
        ("[1,", "unexpected end of file, expected a value", 1, 4),
    ])
    func syntaxErrors(text: String, message: String, line: Int, column: Int) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text.debugDescription)")
        } catch {
            #expect(error.message == message)
            #expect(TextPosition(offset: error.offset, in: Array(text.utf8)) == TextPosition(line: line, column: column))
        }
    }

    @Test("invalid UTF-8 is reported, inside and outside strings")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError(message: "this string is not valid UTF-8", offset: 1)) {
            try JSONParser.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D])
        }
        #expect(throws: JSONSyntaxError(message: "unexpected the byte 0xFF, which is not UTF-8 text, expected a value", offset: 1)) {
            try JSONParser.parse([0x5B, 0xFF, 0x5D])
        }
    }

    @Test("nesting deeper than the limit is refused without exhausting the stack")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError(message: "arrays and objects are nested more than 256 deep", offset: 256, exceededLimit: .depth(256))) {
            try JSONParser.parse(Array(deep.utf8))
        }
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }
}

@Suite("Lenient JSON, for markup written by hand")
struct LenientJSONTests {
    @Test("trailing commas and missing commas between members are tolerated")
    func repairs() throws {
        let seed = """
            {"name": "EPIC Steak",
             "telephone": "(415)369-9955"

             "address": {"addressLocality": "San Francisco"
                         "addressRegion": "CA",},
             "list": [1, 2, ], "objects": [{"a": 1} {"a": 2}]}
            """
        let root = try JSONParser.parse(Array(seed.utf8), lenient: true)
        #expect(root.member("telephone")?.value == .string("(415)369-9955"))
        #expect(root.member("address")?.member("addressRegion")?.value == .string("CA"))
        guard case .array(let list) = root.member("list")?.value else {
            Issue.record("expected an array")
            return
        }
        #expect(list.map(\.value) == [.number("1"), .number("2")])
        guard case .array(let objects) = root.member("objects")?.value else {
            Issue.record("expected an array")
            return
        }
        #expect(objects.count == 2)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(seed.utf8)) }
    }

    @Test("what stays ambiguous is still an error", arguments: ["{\"a\": 1 2}", "[1 2]", "{\"a\": 1,,}", "[,]"])
    func ambiguous(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8), lenient: true) }
    }
}

@Suite("Reading array elements apart")
struct JSONArrayScanTests {
    /// What reading the elements apart gives: the elements before the first failure, and it.
    static func apart(_ bytes: [UInt8], lenient: Bool) -> (nodes: [JSONNode], error: JSONSyntaxError?)? {
        guard let scan = JSONParser.scanArray(bytes, lenient: lenient) else { return nil }
        var nodes: [JSONNode] = []
        for range in scan.elements {
            do {
                nodes.append(try JSONParser.parseElement(range, in: bytes, lenient: lenient))
            } catch {
                return (nodes, error)
            }
        }
        return (nodes, scan.error)
    }

    /// What the one-pass parse gives: the elements handed over before the error, and it.
    static func inOnePass(_ bytes: [UInt8], lenient: Bool) -> (nodes: [JSONNode], error: JSONSyntaxError?) {
        var nodes: [JSONNode] = []
        do {
            try JSONParser.parse(bytes, lenient: lenient) { node, _ in nodes.append(node) }
            return (nodes, nil)
        } catch {
            return (nodes, error)
        }
    }

    static let sample = Array(
        """
        [ {"@type": "FoodEstablishmentReservation", "reservationId": "R1", "partySize": 2,
           "reservationFor": {"@type": "Restaurant", "name": "Café \\"Z\\" [1]", "tags": ["a", "b}"]}},
          "plain", 42, -1.5e3, true, null, [1, [2, [3]]],
          {"missing": "comma" "between": "members", "trailing": [1, 2,],},
          {"x": "\\u00e9\\n"} {"y": 1},
          {"long": "a string longer than a word, with \\"quotes\\" and a \\\\ backslash, then {brackets} and [more]"}
        ]
        """.utf8)

    @Test("a quote or backslash found eight bytes at a time is the one a byte-by-byte look finds")
    func quoteOrBackslash() {
        var generator = SeededGenerator(seed: 5)
        // Mostly other bytes, ASCII and not, with the two sought now and then, at every alignment.
        let others: [UInt8] = [0x00, 0x01, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xE2, 0xFF, UInt8(ascii: "a")]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<24, using: &generator) == 0
                    ? [UInt8(ascii: "\""), UInt8(ascii: "\\")].randomElement(using: &generator)! : others.randomElement(using: &generator)!
            }
            let start = Int.random(in: 0...count, using: &generator)
            let limit = Int.random(in: start...count, using: &generator)
            let expected = bytes[start..<limit].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? limit
            let found = bytes.withUnsafeBufferPointer { JSONReader<JSONTreeSink>.quoteOrBackslash(in: $0, from: start, before: limit) }
            #expect(found == expected, "\(bytes) from \(start) before \(limit)")
            if found != expected { return }
        }
    }

    /// The sample, and thousands of variants broken by a few bytes removed, added or changed, or
    /// cut short.
    static func variants(seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("{}[]\",:\\ \n0a-".utf8)
        var variants: [[UInt8]] = [Self.sample, []]
        for _ in 0..<(Int(ProcessInfo.processInfo.environment["JSON_SCAN_VARIANTS"] ?? "") ?? 4_000) {
            var bytes = Self.sample
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                case 2: bytes[position] = alphabet.randomElement(using: &generator)!
                default: bytes = Array(bytes.prefix(position))
                }
                if bytes.isEmpty { break }
            }
            variants.append(bytes)
        }
        return variants
    }

    @Test("the same elements and the same error as one pass, for thousands of broken variants", arguments: [true, false])
    func equivalence(lenient: Bool) {
        var mismatches: [String] = []
        for bytes in Self.variants(seed: lenient ? 7 : 11) {
            let reference = Self.inOnePass(bytes, lenient: lenient)
            guard let apart = Self.apart(bytes, lenient: lenient) else {
                // Only a text that is not an array is not read apart.
                if bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
                    mismatches.append("not scanned: \(String(decoding: bytes, as: UTF8.self))")
                }
                continue
            }
            if apart.nodes != reference.nodes || apart.error != reference.error {
                mismatches.append("\(String(decoding: bytes, as: UTF8.self)): \(String(describing: apart.error)) vs \(String(describing: reference.error))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.first ?? "")")
    }

    @Test("a scan taken a few elements at a time finds what one scan finds, and stops at the same error", arguments: [1, 2, 5])
    func inBatches(batch: Int) throws {
        var mismatches: [String] = []
        var scanned = 0
        for lenient in [true, false] {
            for bytes in Self.variants(seed: lenient ? 13 : 17) {
                try bytes.withUnsafeBufferPointer { text in
                    // A text that is not an array is not scanned at all (the equivalence test above checks which).
                    guard var whole = JSONArrayScan(text, lenient: lenient) else { return }
                    var inBatches = try #require(JSONArrayScan(text, lenient: lenient))
                    let all = whole.next(.max, in: text)
                    var found: [Range<Int>] = []
                    while !inBatches.isFinished {
                        let elements = inBatches.next(batch, in: text)
                        // Fewer than asked only at the end.
                        if elements.count < batch, !inBatches.isFinished { mismatches.append("short batch: \(String(decoding: bytes, as: UTF8.self))") }
                        found += elements
                    }
                    #expect(inBatches.next(batch, in: text).isEmpty)
                    if found != all || inBatches.error != whole.error || inBatches.offset != whole.offset || inBatches.count != all.count {
                        mismatches.append(String(decoding: bytes, as: UTF8.self))
                    }
                    scanned += 1
                }
            }
        }
        #expect(scanned > 1_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.first ?? "")")
    }
}

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test("agrees with the standard library on random and edge-case bytes")
    func agreesWithStandardLibrary() {
        var generator = SeededGenerator(seed: 3)
        var samples: [[UInt8]] = [
            [], Array("plain".utf8), Array("é😀中".utf8), [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x98], [0x80], [0xFF], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...6, using: &generator)
            samples.append((0..<length).map { _ in
                // Mostly bytes around the interesting boundaries.
                [UInt8.random(in: 0x80...0xFF, using: &generator), UInt8.random(in: 0...0x7F, using: &generator),
                 [0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0x80, 0xBF, 0x9F, 0xA0, 0x8F, 0x90].randomElement(using: &generator)!
                ].randomElement(using: &generator)!
            })
        }
        let disagreements = samples.filter { bytes in
            bytes.withUnsafeBufferPointer(UTF8Validation.isValid) != (String(validating: bytes, as: UTF8.self) != nil)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
