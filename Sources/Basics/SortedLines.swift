/// A table compiled into the program as text, one record a line, sorted by the field before the
/// first tab (by UTF-8 bytes): records are found by binary search in the text itself, with no
/// index to build, so a program that looks up one airport pays for one look-up.
package struct SortedLines: Sendable {
    private let text: StaticTextTable

    package init(_ text: String) {
        self.text = StaticTextTable(text)
    }

    /// The line whose key is `key`, as its tab-separated fields.
    package func fields(forKey key: [UInt8]) -> [String]? {
        text.withBytes { bytes -> [String]? in
            let start = Self.firstLine(notBelow: key, in: bytes)
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let keyEnd = line.firstIndex(of: 0x09) ?? line.count
            guard UnsafeBufferPointer(rebasing: line[..<keyEnd]).elementsEqual(key) else { return nil }
            return Self.split(line)
        }
    }

    /// The lines whose key starts with `prefix`, in order, as their fields.
    package func fields(forKeysStartingWith prefix: [UInt8]) -> [[String]] {
        text.withBytes { bytes -> [[String]] in
            var found: [[String]] = []
            var start = Self.firstLine(notBelow: prefix, in: bytes)
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard line.starts(with: prefix) else { break }
                found.append(Self.split(line))
                start = end + 1
            }
            return found
        }
    }

    /// Where the first line whose key is not below `key` starts (the text's end when none is),
    /// by binary search.
    private static func firstLine(notBelow key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0
        var high = bytes.count
        while low < high {
            var start = (low + high) / 2
            while start > low, bytes[start - 1] != 0x0A { start -= 1 }
            var end = start
            while end < high, bytes[end] != 0x0A { end += 1 }
            var keyEnd = start
            while keyEnd < end, bytes[keyEnd] != 0x09 { keyEnd += 1 }
            if UnsafeBufferPointer(rebasing: bytes[start..<keyEnd]).lexicographicallyPrecedes(key) { low = end + 1 } else { high = start }
        }
        // Past the last line's end when the text does not end in a line feed.
        return min(low, bytes.count)
    }

    /// Every line, in order, as its fields.
    package func allFields() -> [[String]] {
        text.withBytes { bytes in
            bytes.split(separator: 0x0A).map { Self.split(UnsafeBufferPointer(rebasing: $0)) }
        }
    }

    private static func split(_ line: UnsafeBufferPointer<UInt8>) -> [String] {
        line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The UTF-8 of a string that lives as long as the program (a literal), read in place.
private struct StaticTextTable: Sendable {
    private let text: String

    init(_ text: String) {
        self.text = text
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // A literal's UTF-8 is contiguous, so this does not copy; any other string is copied once.
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
