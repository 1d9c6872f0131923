/// The coding key of an object member, for paths built outside a `Decodable` type.
package struct JSONNameKey: CodingKey {
    package let stringValue: String

    package init(_ name: String) { self.stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }

    package var intValue: Int? { nil }
}
