/// The properties of a schema.org object, by local name, in the order the markup gives them.
///
/// An object has a dozen properties at most, so a list searched by name is cheaper than a hash
/// table, and its order is the document's: what is found inside an object is found in the same
/// order on every run.
struct SchemaProperties: Sendable {
    private struct Entry: Sendable {
        var name: String
        var values: [SchemaValue]
    }

    private var entries: [Entry] = []

    init() {}

    /// The values of a property, in order; empty when the object does not have it.
    subscript(name: String) -> [SchemaValue] {
        for entry in entries where entry.name == name { return entry.values }
        return []
    }

    /// Adds a value to a property.
    mutating func append(_ value: SchemaValue, to name: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            entries[index].values.append(value)
        } else {
            entries.append(Entry(name: name, values: [value]))
        }
    }

    /// Every value of every property, in document order.
    var allValues: [SchemaValue] {
        entries.flatMap(\.values)
    }
}
