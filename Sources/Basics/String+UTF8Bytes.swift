extension String {
    /// Calls `body` with the string's UTF-8, in place when the string is stored as UTF-8 (as
    /// nearly every string is). Checking text byte by byte through `utf8` walks indices one at a
    /// time; this is a plain loop over memory. Shared by the package's modules, not part of its API.
    @inlinable
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// Whether every byte of the string's UTF-8 satisfies `predicate`.
    @inlinable
    package func allUTF8Bytes(_ predicate: (UInt8) -> Bool) -> Bool {
        withUTF8Bytes { bytes in
            for byte in bytes where !predicate(byte) { return false }
            return true
        }
    }

    /// Whether the string is plain ASCII.
    @inlinable
    package var isASCII: Bool {
        allUTF8Bytes { $0 < 0x80 }
    }
}
