import Diagnostics

/// Where in an input a schema.org value was found: a path (`script[1].reservationFor.startDate`,
/// `item[2].reservationFor`) and a line and column when known.
///
/// Only a few places ever appear in a message, so the path is made, and a byte offset turned
/// into a line and column, only when asked.
struct SchemaPlace: Sendable {
    private enum Anchor: Sendable {
        case object(SchemaGraph, Int)
        case value(SchemaGraph, Int)
        case path(String)
    }

    private var anchor: Anchor
    private var offset: Int?
    /// The line and column, when known.
    private(set) var position: TextPosition?

    /// The place of an object.
    init(graph: SchemaGraph, object: Int) {
        anchor = .object(graph, object)
        offset = graph.objects[object].offset
        position = graph.objects[object].line.map { TextPosition(line: $0, column: 1) }
    }

    /// The place of a value.
    init(graph: SchemaGraph, value: Int) {
        anchor = .value(graph, value)
        offset = graph.values[value].offset
        position = graph.values[value].line.map { TextPosition(line: $0, column: 1) }
    }

    /// A place given by its path.
    init(path: String, position: TextPosition? = nil) {
        anchor = .path(path)
        self.position = position
    }

    var path: String {
        switch anchor {
        case .object(let graph, let index): graph.path(ofObject: index)
        case .value(let graph, let index): graph.path(ofValue: index)
        case .path(let path): path
        }
    }

    func appending(_ component: String) -> SchemaPlace {
        var place = SchemaPlace(path: JSONPath.join(path, component), position: position)
        place.offset = offset
        return place
    }

    /// The place with its byte offset turned into a line and column, and its path made: it no
    /// longer holds on to the graph it was found in.
    func located(by locate: (Int) -> TextPosition?) -> SchemaPlace {
        var place = SchemaPlace(path: path, position: position)
        if place.position == nil, let offset { place.position = locate(offset) }
        return place
    }
}
