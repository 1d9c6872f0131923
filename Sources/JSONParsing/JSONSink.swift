/// What a ``JSONReader`` hands each value to as it reads it. A sink decides what the values
/// become: ``JSONTreeSink`` makes a ``JSONNode`` tree; the schema.org reader builds its graph
/// straight from the text, with no tree in between, and decodes only the strings it needs.
///
/// Strings, numbers and member names arrive as ``JSONText``, checked but undecoded.
package protocol JSONSink {
    associatedtype Value
    /// An object being read: its members so far.
    associatedtype ObjectBuilder
    /// An array being read: its elements so far.
    associatedtype ArrayBuilder

    mutating func null(at offset: Int) -> Value
    mutating func bool(_ value: Bool, at offset: Int) -> Value
    /// A number, as its source text.
    mutating func number(_ text: JSONText, at offset: Int) -> Value
    mutating func string(_ text: JSONText, at offset: Int) -> Value
    mutating func beginObject(at offset: Int) -> ObjectBuilder
    mutating func member(_ key: JSONText, _ value: Value, in object: inout ObjectBuilder)
    mutating func endObject(_ object: ObjectBuilder) -> Value
    mutating func beginArray(at offset: Int) -> ArrayBuilder
    mutating func element(_ value: Value, in array: inout ArrayBuilder)
    mutating func endArray(_ array: ArrayBuilder) -> Value
}

/// Makes the ``JSONNode`` tree of a text.
package struct JSONTreeSink: JSONSink {
    package struct ObjectBuilder {
        var offset: Int
        var members: [JSONMember] = []
    }

    package struct ArrayBuilder {
        var offset: Int
        var elements: [JSONNode] = []
    }

    package func null(at offset: Int) -> JSONNode { JSONNode(value: .null, offset: offset) }
    package func bool(_ value: Bool, at offset: Int) -> JSONNode { JSONNode(value: .bool(value), offset: offset) }
    package func number(_ text: JSONText, at offset: Int) -> JSONNode { JSONNode(value: .number(text.string), offset: offset) }
    package func string(_ text: JSONText, at offset: Int) -> JSONNode { JSONNode(value: .string(text.string), offset: offset) }
    package func beginObject(at offset: Int) -> ObjectBuilder { ObjectBuilder(offset: offset) }

    package func member(_ key: JSONText, _ value: JSONNode, in object: inout ObjectBuilder) {
        object.members.append(JSONMember(key: key.string, value: value))
    }

    package func endObject(_ object: ObjectBuilder) -> JSONNode { JSONNode(value: .object(object.members), offset: object.offset) }
    package func beginArray(at offset: Int) -> ArrayBuilder { ArrayBuilder(offset: offset) }
    package func element(_ value: JSONNode, in array: inout ArrayBuilder) { array.elements.append(value) }
    package func endArray(_ array: ArrayBuilder) -> JSONNode { JSONNode(value: .array(array.elements), offset: array.offset) }
}
