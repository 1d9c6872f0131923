extension KeyedDecodingContainer {
    /// Decodes an optional code (IATA, ICAO) of letters and digits, upper-cased, checking its shape.
    ///
    /// - Parameters:
    ///   - lengths: The lengths the code may have.
    ///   - lettersOnly: Whether digits are refused.
    ///   - what: How the error names the code, such as "a three-letter IATA airport code".
    func decodeCode(forKey key: Key, lengths: Set<Int>, lettersOnly: Bool, what: String) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let code = text.uppercased()
        let shapeIsRight = lengths.contains(code.count) && code.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || (!lettersOnly && ("0"..."9").contains(scalar))
        }
        guard shapeIsRight else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(what), found \"\(text)\"")
        }
        return code
    }

    /// Decodes an optional count of people or tickets, which cannot be negative.
    func decodeCount(forKey key: Key) throws -> Int? {
        guard let count = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard count >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a count of zero or more, found \(count)")
        }
        return count
    }
}
