/// A `Decoder` over a parsed ``JSONNode`` tree.
///
/// Model types decode through their ordinary `Codable` conformances; this decoder adds what
/// Foundation's lacks: the positions of values in the file, which ``NativeJSONReader`` turns into
/// line numbers, and errors that say what was found (`expected a whole number, found a string ("2")`).
package struct JSONTreeDecoder: Decoder {
    package let node: JSONNode
    package let codingPath: [any CodingKey]
    /// What the decoded types may ask for, such as a reader of dates that are not ISO 8601.
    package let userInfo: [CodingUserInfoKey: Any]

    /// A decoder of `node`, found at `codingPath`, handing `userInfo` to every value it decodes.
    package init(node: JSONNode, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.node = node
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else {
            throw mismatch([String: String].self, expected: "an object")
        }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(members: members, codingPath: codingPath, userInfo: userInfo))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else {
            throw mismatch([String].self, expected: "an array")
        }
        return JSONUnkeyedContainer(elements: elements, codingPath: codingPath, userInfo: userInfo)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    package func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if case .null = node.value {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.value.summary)"))
    }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool {
        if case .null = node.value { true } else { false }
    }

    package func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.value else { throw mismatch(type, expected: "true or false") }
        return value
    }

    package func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.value else { throw mismatch(type, expected: "a string") }
        return value
    }

    package func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let text) = node.value, let value = Double(text), value.isFinite else {
            throw mismatch(type, expected: "a number")
        }
        return value
    }

    package func decode(_ type: Float.Type) throws -> Float {
        guard case .number(let text) = node.value, let value = Float(text), value.isFinite else {
            throw mismatch(type, expected: "a number")
        }
        return value
    }

    package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: self)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node.value else { throw mismatch(type, expected: "a whole number") }
        if let value = T(text) { return value }
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "expected a whole number from \(T.min) to \(T.max), found \(text)"))
    }
}
