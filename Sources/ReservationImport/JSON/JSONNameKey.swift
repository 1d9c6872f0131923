/// The coding key of an object member, for paths built outside a `Decodable` type.
struct JSONNameKey: CodingKey {
    let stringValue: String

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    var intValue: Int? { nil }
}
