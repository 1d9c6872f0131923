import Basics

/// A schema.org value as JSON-LD and Microdata both describe it: text, or an object with types
/// and properties. A view into a ``SchemaGraph``.
struct SchemaValue: Sendable {
    let graph: SchemaGraph
    let index: Int

    private var entry: SchemaGraph.Value { graph.values[index] }

    var place: SchemaPlace {
        SchemaPlace(graph: graph, value: index)
    }

    /// The text of a text value, or the `name` (else the `@value`) of an object.
    var text: String? {
        switch entry.content {
        case .text(let text):
            return graph.texts.string(text)
        case .object(let object):
            let object = SchemaObject(graph: graph, index: object)
            return object.values(.name).lazy.compactMap(\.text).first ?? object.values(.atValue).lazy.compactMap(\.text).first
        }
    }

    /// ``text`` without white space around it, or `nil` when it is empty.
    var trimmedText: String? {
        graph.trimmedText(ofValue: index)
    }

    var object: SchemaObject? {
        if case .object(let object) = entry.content { SchemaObject(graph: graph, index: object) } else { nil }
    }
}

/// Values of a property (or all of an object's), in order: a view, nothing copied.
struct SchemaValues: RandomAccessCollection, Sendable {
    let graph: SchemaGraph
    let indices: Range<Int>

    var startIndex: Int { indices.lowerBound }
    var endIndex: Int { indices.upperBound }

    subscript(position: Int) -> SchemaValue {
        SchemaValue(graph: graph, index: position)
    }
}
