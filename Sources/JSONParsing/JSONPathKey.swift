/// Any coding key, kept as a value: a member's name or an element's index, to remember a path
/// after decoding.
package struct JSONPathKey: CodingKey, Sendable, Hashable {
    package let stringValue: String
    package let intValue: Int?

    package init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }

    package init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    package init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
