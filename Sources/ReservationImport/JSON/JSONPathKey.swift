/// Any coding key, kept as a value: a member's name or an element's index, to remember a path
/// after decoding.
struct JSONPathKey: CodingKey, Sendable, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
