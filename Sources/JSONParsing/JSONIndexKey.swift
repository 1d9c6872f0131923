/// The coding key of an array element.
package struct JSONIndexKey: CodingKey {
    package let index: Int

    package init(_ index: Int) { self.index = index }
    package init?(stringValue: String) { nil }
    package init?(intValue: Int) { self.index = intValue }

    package var stringValue: String { "Index \(index)" }
    package var intValue: Int? { index }
}
