/// The elements of a JSON array, read in order for a `Decodable` type.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.elements = elements
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw endError(Never?.self) }
        guard case .null = elements[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try T(from: try next(type))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try next(type).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next([String].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next(Any.self)
        currentIndex += 1
        return decoder
    }

    private func next(_ type: Any.Type) throws -> JSONTreeDecoder {
        guard !isAtEnd else { throw endError(type) }
        return JSONTreeDecoder(node: elements[currentIndex], codingPath: codingPath + [JSONIndexKey(currentIndex)], userInfo: userInfo)
    }

    private func endError(_ type: Any.Type) -> DecodingError {
        .valueNotFound(
            type, .init(codingPath: codingPath + [JSONIndexKey(currentIndex)], debugDescription: "the array has no more elements"))
    }
}
