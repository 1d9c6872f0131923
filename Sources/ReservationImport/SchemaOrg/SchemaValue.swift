import Chrono
import Reservations

/// A schema.org value as JSON-LD and Microdata both describe it: text, or an object with types
/// and properties. Names are reduced to schema.org's local names (`http://schema.org/name` and
/// `schema:name` are `name`). A view into a ``SchemaGraph``.
struct SchemaValue: Sendable {
    let graph: SchemaGraph
    let index: Int

    var place: SchemaPlace {
        SchemaPlace(graph: graph, location: graph.values[index].location)
    }

    /// The text of a text value, or the `name` (else the `@value`) of an object.
    var text: String? {
        switch graph.values[index].kind {
        case .text(let text):
            return text
        case .object(let object):
            let object = SchemaObject(graph: graph, index: object)
            return object.values("name").lazy.compactMap(\.text).first ?? object.values("@value").lazy.compactMap(\.text).first
        }
    }

    var object: SchemaObject? {
        if case .object(let object) = graph.values[index].kind { SchemaObject(graph: graph, index: object) } else { nil }
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

/// A schema.org object: its types, properties, and where it was found. A view into a ``SchemaGraph``.
struct SchemaObject: Sendable {
    let graph: SchemaGraph
    let index: Int

    private var entry: SchemaGraph.Object { graph.objects[index] }

    /// The types' local names (`FlightReservation`).
    var types: ArraySlice<String> { graph.typeNames[entry.types] }

    /// Where the object starts.
    var place: SchemaPlace { SchemaPlace(graph: graph, location: entry.location) }

    /// The values of a property, in order; empty when the object does not have it.
    func values(_ name: String) -> SchemaValues {
        for property in graph.properties[entry.properties] where property.name == name {
            return SchemaValues(graph: graph, indices: property.values)
        }
        return SchemaValues(graph: graph, indices: 0..<0)
    }

    /// Every value of every property, in document order.
    var allValues: SchemaValues {
        let range = graph.properties[entry.properties]
        guard let first = range.first, let last = range.last else { return SchemaValues(graph: graph, indices: 0..<0) }
        return SchemaValues(graph: graph, indices: first.values.lowerBound..<last.values.upperBound)
    }

    func isA(_ type: String) -> Bool { types.contains(type) }

    /// The local name of a schema.org IRI or compact name: `http://schema.org/Flight` is `Flight`.
    static func localName(_ name: String) -> String {
        // Most names are plain (`reservationFor`): no colon, nothing to trim.
        let isPlain = name.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 else { return false }
            return !bytes.contains(UInt8(ascii: ":"))
        }
        if isPlain { return name }
        var name = Substring(name.trimmingWhitespace())
        for prefix in ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/", "schema:"]
        where name.lowercased().hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        return String(name)
    }
}

/// Where in an input a schema.org value was found: a path (`script[1].reservationFor.startDate`,
/// `item[2].reservationFor`) and a line and column when known.
///
/// Only a few places ever appear in a message, so the path is made, and a byte offset turned
/// into a line and column, only when asked.
struct SchemaPlace: Sendable {
    private var graph: SchemaGraph?
    private var location: SchemaGraph.Location
    /// The line and column, when known.
    private(set) var position: TextPosition?

    /// A place in a graph.
    init(graph: SchemaGraph, location: SchemaGraph.Location) {
        self.graph = graph
        self.location = location
        position = location.line.map { TextPosition(line: $0, column: 1) }
    }

    /// A place given by its path.
    init(path: String, position: TextPosition? = nil) {
        location = SchemaGraph.Location(component: path)
        self.position = position
    }

    var path: String {
        graph?.path(of: location) ?? location.component
    }

    func appending(_ component: String) -> SchemaPlace {
        var place = SchemaPlace(path: JSONPath.join(path, component), position: position)
        place.location.offset = location.offset
        return place
    }

    /// The place with its byte offset turned into a line and column, and its path made: it no
    /// longer holds on to the graph it was found in.
    func located(by locate: (Int) -> TextPosition?) -> SchemaPlace {
        var place = SchemaPlace(path: path, position: position)
        if place.position == nil, let offset = location.offset { place.position = locate(offset) }
        return place
    }
}
