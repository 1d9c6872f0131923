extension KeyedDecodingContainer {
    /// Decodes an optional airline or airport code, upper-cased, checking its shape.
    func decodeCode(_ kind: AviationCode, forKey key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let code = kind.normalized(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(kind.name), found \"\(text)\"")
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
