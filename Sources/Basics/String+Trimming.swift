extension String {
    /// The string without white space (of any Unicode kind) at either end; shared by the
    /// package's modules, not part of its API.
    package func trimmingWhitespace() -> String {
        // Most text has printable ASCII at both ends: nothing to trim, nothing to copy.
        let plainEnds = withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
        if plainEnds { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// The string without white space at either end, or `nil` when nothing is left: what counts
    /// as a value given at all.
    package var trimmedNonEmpty: String? {
        let trimmed = trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}
