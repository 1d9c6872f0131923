/// The elements of a top-level JSON array, found a batch at a time by their brackets and quotes,
/// without being parsed: what ``JSONParser/scanArray(_:lenient:)`` finds at once, for a reader
/// that parses each batch while the next one is found.
///
/// The scan keeps no pointer: each call is lent the same text again (a mapping of a file, say),
/// and the bytes before ``offset`` are never looked at again.
///
/// ```swift
/// guard var scan = JSONArrayScan(text) else { return }   // not an array
/// while !scan.isFinished {
///     let elements = scan.next(2048, in: text)
///     // parse `elements` …
/// }
/// if let error = scan.error { … }   // after the last element found
/// ```
package struct JSONArrayScan: Sendable {
    /// Where the scan goes on from: past the opening bracket, past an element, or (finished) past
    /// the array and what follows it.
    package private(set) var offset: Int
    /// The syntax error the scan stopped at, between elements or after the array: the error a
    /// parse of the whole text gives there. An error inside an element is found when that
    /// element is parsed.
    package private(set) var error: JSONSyntaxError?
    /// Whether every element has been found.
    package private(set) var isFinished = false
    /// How many elements have been found.
    package private(set) var count = 0
    private let lenient: Bool

    /// Begins the scan of a text; `nil` when the text is not an array.
    ///
    /// - Parameter lenient: What ``JSONParser/parse(_:maximumDepth:maximumStringLength:lenient:)``
    ///   tolerates, tolerated between elements too.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, lenient: Bool = false) {
        var reader = JSONReader(bytes: bytes, sink: JSONTreeSink(), lenient: lenient)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "[") else { return nil }
        offset = reader.index + 1
        self.lenient = lenient
    }

    /// The next elements, up to `maximum` of them, as ranges of `bytes`; fewer only when the scan
    /// finishes (at the array's end or at an error).
    ///
    /// - Parameter bytes: The text the scan began on.
    package mutating func next(_ maximum: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !isFinished, maximum > 0 else { return [] }
        var reader = JSONReader(bytes: bytes, sink: JSONTreeSink(), lenient: lenient)
        reader.index = offset
        var elements: [Range<Int>] = []
        elements.reserveCapacity(min(maximum, 4096))
        do throws(JSONSyntaxError) {
            while elements.count < maximum {
                guard let element = try reader.scanElement(first: count == 0 && elements.isEmpty) else {
                    isFinished = true
                    reader.skipWhitespace()
                    guard reader.index == reader.end else {
                        throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
                    }
                    break
                }
                elements.append(element)
            }
        } catch {
            isFinished = true
            self.error = error
        }
        offset = reader.index
        count += elements.count
        return elements
    }
}
