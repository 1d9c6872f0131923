/// A strict RFC 8259 JSON parser that records where each value starts.
///
/// Foundation's parser reports neither line nor column, and a person fixing a file needs both.
/// The parser also bounds nesting depth, so hostile input cannot exhaust the stack.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let defaultMaximumDepth = 256

    /// Parses one JSON text: a value with optional white space around it (and an optional
    /// UTF-8 byte order mark in front).
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth, maximumStringLength: Int = .max, lenient: Bool = false)
        throws(JSONSyntaxError) -> JSONNode
    {
        try parse(bytes, into: JSONTreeSink(), maximumDepth: maximumDepth, maximumStringLength: maximumStringLength, lenient: lenient).value
    }

    /// Parses one JSON text into a sink, and gives the sink back.
    package static func parse<Sink: JSONSink>(
        _ bytes: [UInt8], into sink: Sink, maximumDepth: Int = defaultMaximumDepth, maximumStringLength: Int = .max, lenient: Bool = false
    ) throws(JSONSyntaxError) -> (value: Sink.Value, sink: Sink) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = JSONReader(
                bytes: buffer, sink: sink, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength, lenient: lenient)
            let value = try parser.parseDocument()
            return (value, parser.sink)
        }
    }

    /// Parses one JSON text like ``parse(_:maximumDepth:lenient:)``, but when its top level is an
    /// array, hands each element to `body` as soon as it is read, with its index, instead of
    /// building the array: a file of 100,000 reservations never becomes one tree in memory.
    /// Any other value is handed over whole, with no index.
    ///
    /// - Throws: The first syntax error; the elements before it have been handed over.
    package static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth, lenient: Bool = false,
        elements body: (JSONNode, Int?) -> Void
    ) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = JSONReader(bytes: buffer, sink: JSONTreeSink(), maximumDepth: maximumDepth, lenient: lenient)
            try parser.parseDocument(elements: body)
        }
    }

    /// The elements of a top-level array, found by their brackets and quotes without being
    /// parsed, so that they can be parsed apart (and at the same time): see ``parseElement(_:in:maximumDepth:lenient:)``.
    ///
    /// Returns `nil` when the text is not an array. The scan follows ``parse(_:maximumDepth:lenient:elements:)``
    /// between elements, so `error` is the error that parse gives there; an error inside an
    /// element is found when that element is parsed, and parsing in order up to the first
    /// failure gives exactly what the single parse gives.
    package static func scanArray(_ bytes: [UInt8], lenient: Bool = false) -> (elements: [Range<Int>], error: JSONSyntaxError?)? {
        bytes.withUnsafeBufferPointer { scanArray($0, lenient: lenient) }
    }

    package static func scanArray(_ bytes: UnsafeBufferPointer<UInt8>, lenient: Bool = false) -> (elements: [Range<Int>], error: JSONSyntaxError?)? {
        guard var scan = JSONArrayScan(bytes, lenient: lenient) else { return nil }
        let elements = scan.next(.max, in: bytes)
        return (elements, scan.error)
    }

    /// The elements of the array that is the value of one member of a top-level object
    /// (`{"reservations": [...]}`), found by their brackets and quotes without being parsed, so
    /// that they can be parsed apart, `depth` 2 (see ``parseElement(_:in:depth:maximumDepth:maximumStringLength:lenient:)``).
    /// The object's other members are parsed, strictly.
    ///
    /// `nil` for anything else: a text that is not an object, that has no such member, or has it
    /// twice, whose member is not an array, or with an error outside the array's elements. An
    /// error inside an element is found when that element is parsed.
    package static func scanMemberArray(_ bytes: UnsafeBufferPointer<UInt8>, member name: String, maximumDepth: Int = defaultMaximumDepth) -> [Range<Int>]? {
        var scanner = JSONReader(bytes: bytes, sink: JSONTreeSink(), maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { return nil }
        var found: [Range<Int>]?
        do throws(JSONSyntaxError) {
            try scanner.enterContainer()
            scanner.index += 1
            scanner.skipWhitespace()
            guard !scanner.take(UInt8(ascii: "}")) else { return nil }
            while true {
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "\"") else { return nil }
                let key = try scanner.parseString().string
                scanner.skipWhitespace()
                guard scanner.take(UInt8(ascii: ":")) else { return nil }
                scanner.skipWhitespace()
                if key == name {
                    guard found == nil, scanner.current == UInt8(ascii: "[") else { return nil }
                    var elements: [Range<Int>] = []
                    try scanner.scanElements(into: &elements)
                    found = elements
                } else {
                    _ = try scanner.parseValue()
                }
                scanner.skipWhitespace()
                if scanner.take(UInt8(ascii: ",")) { continue }
                guard scanner.take(UInt8(ascii: "}")) else { return nil }
                break
            }
            scanner.skipWhitespace()
            return scanner.index == scanner.end ? found : nil
        } catch {
            return nil
        }
    }

    /// Parses one element that ``scanArray(_:lenient:)`` or ``scanMemberArray(_:member:maximumDepth:)``
    /// found, `depth` containers deep (1 for a top-level array's, 2 for a member's).
    package static func parseElement(
        _ range: Range<Int>, in bytes: [UInt8], depth: Int = 1, maximumDepth: Int = defaultMaximumDepth, maximumStringLength: Int = .max,
        lenient: Bool = false
    ) throws(JSONSyntaxError) -> JSONNode {
        try parseElement(
            range, in: bytes, into: JSONTreeSink(), depth: depth, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength,
            lenient: lenient
        ).value
    }

    /// Parses one element that ``scanArray(_:lenient:)`` found into a sink, and gives the sink back.
    package static func parseElement<Sink: JSONSink>(
        _ range: Range<Int>, in bytes: [UInt8], into sink: Sink, depth: Int = 1, maximumDepth: Int = defaultMaximumDepth,
        maximumStringLength: Int = .max, lenient: Bool = false
    ) throws(JSONSyntaxError) -> (value: Sink.Value, sink: Sink) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = JSONReader(
                bytes: buffer, range: range, depth: depth, sink: sink, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength,
                lenient: lenient)
            let node = try parser.parseValue()
            guard parser.index == parser.end else {
                // The scan ended the element where a parse would not: what follows is the error.
                parser.skipWhitespace()
                throw parser.error(
                    parser.index < parser.end
                        ? "expected ',' or ']' after an array element, found \(parser.describeCurrent())"
                        : "unexpected end of file, expected a value")
            }
            return (node, parser.sink)
        }
    }
}

/// The parser itself: reads JSON text and hands each value to a ``JSONSink``, which makes what it
/// likes of it (a ``JSONNode`` tree, or schema.org objects directly).
struct JSONReader<Sink: JSONSink> {
    /// What the values become.
    var sink: Sink
    /// The text, read in place: the entry points in ``JSONParser`` lend it for the parse.
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    /// Where the text being parsed ends (the end of `bytes`, or of one element of an array).
    let end: Int
    private let maximumDepth: Int
    /// The longest string, in bytes as written.
    private let maximumStringLength: Int
    private let lenient: Bool
    var index = 0
    private var depth = 0

    /// - Parameter lenient: Tolerate what hand-written markup gets wrong where the intent is
    ///   unambiguous: a comma before a closing bracket or brace, and a missing comma between two
    ///   members or elements (as in Apple's own WWDC sample). Native JSON is read strictly.
    init(
        bytes: UnsafeBufferPointer<UInt8>, sink: Sink, maximumDepth: Int = JSONParser.defaultMaximumDepth, maximumStringLength: Int = .max,
        lenient: Bool = false
    ) {
        self.sink = sink
        self.bytes = bytes
        end = bytes.count
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
        self.lenient = lenient
    }

    /// A parser for one value of a larger text, `depth` containers deep; offsets stay those of
    /// the whole text.
    init(
        bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int, sink: Sink, maximumDepth: Int, maximumStringLength: Int,
        lenient: Bool
    ) {
        self.sink = sink
        self.bytes = bytes
        end = range.upperBound
        index = range.lowerBound
        self.depth = depth
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
        self.lenient = lenient
    }

    /// The elements of the array that starts here, found by their brackets and quotes (strings,
    /// numbers and words parsed, as their ends depend on their grammar), and moves past it. The
    /// elements found before an error are in `elements` when it is thrown.
    fileprivate mutating func scanElements(into elements: inout [Range<Int>]) throws(JSONSyntaxError) {
        try enterContainer()
        index += 1
        var first = true
        while let element = try scanElement(first: first) {
            elements.append(element)
            first = false
        }
        depth -= 1
    }

    /// The next element of the array being scanned, found by its brackets and quotes, or `nil`
    /// after the array's closing bracket. `first` is whether the scan is just past the opening
    /// bracket rather than past an element.
    mutating func scanElement(first: Bool) throws(JSONSyntaxError) -> Range<Int>? {
        skipWhitespace()
        if first {
            if take(UInt8(ascii: "]")) { return nil }
        } else if take(UInt8(ascii: ",")) {
            skipWhitespace()
            if lenient, take(UInt8(ascii: "]")) { return nil }
        } else if take(UInt8(ascii: "]")) {
            return nil
        } else if !lenient || !(current == UInt8(ascii: "{") || current == UInt8(ascii: "\"") || current == UInt8(ascii: "[")) {
            // Past an element that will not parse, the parse stops there; otherwise this is the error.
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        skipWhitespace()
        let start = index
        guard start < end else { throw error("unexpected end of file, expected a value") }
        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            skipContainer()
        } else {
            // A string, number or word is parsed here: where it ends depends on its grammar.
            _ = try parseValue()
        }
        return start..<index
    }

    /// Moves past an object or array by its brackets and quotes, without checking it (to the
    /// end of the text when it is never closed).
    fileprivate mutating func skipContainer() {
        var nesting = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                skipString()
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { nesting += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                nesting -= 1
                if nesting == 0 {
                    index += 1
                    return
                }
            }
            index += 1
        }
    }

    /// Moves past a string, from its opening quote to after its closing one (or to the end).
    private mutating func skipString() {
        index += 1
        while index < end {
            index = Self.quoteOrBackslash(in: bytes, from: index, before: end)
            guard index < end else { return }
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            index += 1
            return
        }
        index = end
    }

    /// The first quote or backslash at or after `start`, or `limit` when there is none before it.
    ///
    /// Strings are most of a JSON-LD file's bytes, and scanning an array for its elements only
    /// needs their ends: eight bytes are looked at at once, as one 64-bit word in which a byte
    /// equal to the one sought becomes zero, and the lowest zero byte is found with the usual
    /// bit trick (borrows can only mark bytes above a true zero, never below).
    static func quoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= limit {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < limit, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> Sink.Value {
        var root: Sink.Value?
        try parseDocument(streamsArray: false) { node, _ in root = node }
        return root!
    }

    mutating func parseDocument(streamsArray: Bool = true, elements body: (Sink.Value, Int?) -> Void)
        throws(JSONSyntaxError)
    {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < end else { throw error("the file holds no JSON value") }
        if streamsArray, bytes[index] == UInt8(ascii: "[") {
            var count = 0
            try parseArrayElements { _, element in
                body(element, count)
                count += 1
            }
        } else {
            body(try parseValue(), nil)
        }
        skipWhitespace()
        guard index == end else {
            throw error("unexpected \(describeCurrent()) after the end of the JSON value")
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> Sink.Value {
        guard index < end else { throw error("unexpected end of file, expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["):
            var builder = sink.beginArray(at: start)
            try parseArrayElements { reader, element in reader.sink.element(element, in: &builder) }
            return sink.endArray(builder)
        case UInt8(ascii: "\""):
            let text = try parseString()
            return sink.string(text, at: start)
        case UInt8(ascii: "t"): try expectWord("true"); return sink.bool(true, at: start)
        case UInt8(ascii: "f"): try expectWord("false"); return sink.bool(false, at: start)
        case UInt8(ascii: "n"): try expectWord("null"); return sink.null(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let text = try parseNumber()
            return sink.number(text, at: start)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> Sink.Value {
        let start = index
        try enterContainer()
        index += 1
        var builder = sink.beginObject(at: start)
        skipWhitespace()
        if take(UInt8(ascii: "}")) {
            depth -= 1
            return sink.endObject(builder)
        }
        while true {
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else {
                throw error("expected ':' after the member name \"\(key.string)\", found \(describeCurrent())")
            }
            skipWhitespace()
            let value = try parseValue()
            sink.member(key, value, in: &builder)
            skipWhitespace()
            if take(UInt8(ascii: ",")) {
                skipWhitespace()
                if lenient, take(UInt8(ascii: "}")) { break }  // a trailing comma
                continue
            }
            if take(UInt8(ascii: "}")) { break }
            if lenient, current == UInt8(ascii: "\"") { continue }  // a missing comma before the next member
            throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
        depth -= 1
        return sink.endObject(builder)
    }

    /// Parses an array, handing over its elements one by one (with the reader, whose sink they go to).
    private mutating func parseArrayElements(_ each: (inout Self, Sink.Value) -> Void) throws(JSONSyntaxError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if take(UInt8(ascii: "]")) {
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let element = try parseValue()
            each(&self, element)
            skipWhitespace()
            if take(UInt8(ascii: ",")) {
                skipWhitespace()
                if lenient, take(UInt8(ascii: "]")) { break }  // a trailing comma
                continue
            }
            if take(UInt8(ascii: "]")) { break }
            if lenient, let byte = current, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "[") {
                continue  // a missing comma before the next element
            }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        depth -= 1
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maximumDepth else {
            throw error("arrays and objects are nested more than \(maximumDepth) deep", exceeding: .depth(maximumDepth))
        }
    }

    /// Reads a string from its opening quote to after its closing one, checking its UTF-8 and
    /// escapes, and gives its text undecoded.
    fileprivate mutating func parseString() throws(JSONSyntaxError) -> JSONText {
        let opening = index
        index += 1
        let start = index
        var hasEscapes = false
        var isASCII = true
        while true {
            // Eight bytes at a time while none of them needs a look: the common case.
            while index + 8 <= end, !Self.needsALook(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < end else {
                index = opening
                throw error("this string is not closed before the end of the file")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte >= 0x80 {
                isASCII = false
            } else if byte < 0x20 {
                throw error(
                    byte == 0x0A
                        ? "a line break inside a string (write it as \\n, or close the string)"
                        : "control character U+\(hex(byte, digits: 4)) inside a string (escape it as \\u\(hex(byte, digits: 4)))")
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try checkEscape()
                continue
            }
            index += 1
        }
        guard index - start <= maximumStringLength else {
            index = opening
            throw error("this string is longer than \(maximumStringLength) bytes", exceeding: .stringLength(maximumStringLength))
        }
        let text = JSONText(document: bytes, range: start..<index, hasEscapes: hasEscapes)
        // Escapes are ASCII: the UTF-8 of the raw text is the UTF-8 of the decoded one.
        guard isASCII || UTF8Validation.isValid(text.bytes) else {
            index = opening
            throw error("this string is not valid UTF-8")
        }
        index += 1
        return text
    }

    /// Whether any of eight bytes is a quote, a backslash, a control character or not ASCII.
    @inline(__always)
    private static func needsALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte is zero, or below 0x20, where the subtraction borrows into its high bit.
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroes = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        return (zeroes | word) & highs != 0
    }

    /// Checks the escape sequence at `index` (which holds the backslash) and moves past it.
    private mutating func checkEscape() throws(JSONSyntaxError) {
        index += 1
        guard index < end else { throw error("unexpected end of file inside an escape sequence") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try readHexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("\\u\(hex(scalar, digits: 4)) starts a surrogate pair that is not completed") }
                index += 2
                let low = try readHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("\\u\(hex(scalar, digits: 4)) is followed by \\u\(hex(low, digits: 4)), not a low surrogate")
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("\\u\(hex(scalar, digits: 4)) is a lone low surrogate")
            }
        default:
            index -= 2
            throw error("invalid escape sequence \\\(Character(Unicode.Scalar(letter)))")
        }
    }

    private mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= end else { throw error("unexpected end of file inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONText {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            if let byte = current, isDigit(byte) { throw error("a number cannot start with 0 followed by digits") }
        } else {
            guard try skipDigits() > 0 else { throw error("expected digits in a number") }
        }
        if take(UInt8(ascii: ".")) {
            guard try skipDigits() > 0 else { throw error("expected digits after the decimal point") }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard try skipDigits() > 0 else { throw error("expected digits in the exponent") }
        }
        return JSONText(document: bytes, range: start..<index, hasEscapes: false)
    }

    private mutating func skipDigits() throws(JSONSyntaxError) -> Int {
        let start = index
        while let byte = current, isDigit(byte) { index += 1 }
        return index - start
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= end, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += expected.count
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    var current: UInt8? { index < end ? bytes[index] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    fileprivate mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Names what is at `index` for an error message: `'}'`, `"abc"...`, `end of file`.
    func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte == UInt8(ascii: "\"") { return "'\"'" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 {
            var last = index + 1
            while last < end, last < index + 4, bytes[last] & 0xC0 == 0x80 { last += 1 }
            if let text = String(validating: Array(bytes[index..<last]), as: UTF8.self) { return "'\(text)'" }
            return "the byte 0x\(hex(byte, digits: 2)), which is not UTF-8 text"
        }
        return "the control character U+\(hex(byte, digits: 4))"
    }

    func error(_ message: String, exceeding limit: JSONSyntaxError.Limit? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index, exceededLimit: limit)
    }

    private func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
