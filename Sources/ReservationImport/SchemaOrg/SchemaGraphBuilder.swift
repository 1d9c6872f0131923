import HTMLMarkup

/// Builds a ``SchemaGraph`` from parsed JSON-LD or from Microdata items.
///
/// JSON-LD: a single object, an array of them, or a `@graph`; `@type` gives the types,
/// `@context` is passed over, names are reduced to their local names, arrays give several values,
/// and KDE Itinerary's date-times (`{"@type": "QDateTime", "@value": ..., "timezone": ...}`) stay
/// objects, for the mapper to read. Objects are completed children first, their properties
/// grouped by name in order of first appearance.
struct SchemaGraphBuilder {
    /// Decode HTML character references inside strings (JSON-LD taken from HTML, where e-mail
    /// generators sometimes escape it).
    var decodesEntities = false

    private var objects: [SchemaGraph.Object] = []
    private var typeNames: [String] = []
    private var properties: [SchemaGraph.Property] = []
    private var values: [SchemaGraph.Value] = []
    private var roots: [Int] = []
    /// The values of the objects being built, innermost last: (name, value).
    private var pending: [(name: String, value: SchemaGraph.Value)] = []

    init(decodesEntities: Bool = false) {
        self.decodesEntities = decodesEntities
    }

    /// The graph built so far.
    func build() -> SchemaGraph {
        SchemaGraph(objects: objects, typeNames: typeNames, properties: properties, values: values, roots: roots)
    }

    // MARK: - JSON-LD

    /// Adds the objects of a JSON-LD value read into this builder (it is the parser's sink):
    /// the value itself when it is an object, or the objects of its `@graph` followed by it when
    /// it has types, at `path`.
    mutating func addJSONLDRoot(_ value: Value, path: String) {
        switch value {
        case .list(let elements, _):
            for (index, element) in elements.enumerated() {
                addRoot(element, location: SchemaGraph.Location(component: JSONPath.join(path, "[\(index)]"), offset: element.offset))
            }
        default:
            addRoot(value, location: SchemaGraph.Location(component: path, offset: value.offset))
        }
    }

    private mutating func addRoot(_ value: Value, location: SchemaGraph.Location) {
        guard case .object(let object, _) = value else { return }
        objects[object].location = location
        guard let graph = graphs[object] else {
            roots.append(object)
            return
        }
        for (index, element) in graph.enumerated() {
            addRoot(element, location: SchemaGraph.Location(owner: object, component: "@graph", index: index, offset: element.offset))
        }
        if !objects[object].types.isEmpty { roots.append(object) }
    }

    /// What a JSON value becomes while the graph is built.
    enum Value {
        case null
        case string(String, offset: Int)
        /// A number or a boolean, as text.
        case scalar(String, offset: Int)
        case object(Int, offset: Int)
        case list([Value], offset: Int)

        var offset: Int? {
            switch self {
            case .null: nil
            case .string(_, let offset), .scalar(_, let offset), .object(_, let offset), .list(_, let offset): offset
            }
        }
    }

    struct ObjectBuilder {
        var offset: Int
        /// Where this object's values start in `pending`.
        var pendingStart: Int
        var types: [String] = []
        var graph: [Value]?
    }

    struct ArrayBuilder {
        var offset: Int
        var elements: [Value] = []
    }

    /// The `@graph` lists of the objects that have one.
    private var graphs: [Int: [Value]] = [:]

    // MARK: - Microdata
    // MARK: - Microdata

    /// Adds Microdata items: `item[1]`, `item[2]`... under `basePath`.
    ///
    /// - Parameter linesAreMeaningful: Whether the items' lines are lines of the input (not of an
    ///   e-mail part).
    mutating func addMicrodata(_ items: [MicrodataItem], basePath: String, linesAreMeaningful: Bool) {
        for (index, item) in items.enumerated() {
            let location = SchemaGraph.Location(
                component: JSONPath.join(basePath, "item[\(index + 1)]"), line: linesAreMeaningful ? item.line : nil)
            roots.append(addItem(item, location: location, linesAreMeaningful: linesAreMeaningful))
        }
    }

    private mutating func addItem(_ item: MicrodataItem, location: SchemaGraph.Location, linesAreMeaningful: Bool) -> Int {
        let start = pending.count
        for property in item.properties {
            let name = SchemaObject.localName(property.name)
            let valueLocation = SchemaGraph.Location(component: name, line: linesAreMeaningful ? property.line : nil)
            switch property.value {
            case .text(let text):
                pending.append((name, .init(kind: .text(text), location: valueLocation)))
            case .item(let nested):
                var nestedLocation = valueLocation
                nestedLocation.line = linesAreMeaningful ? nested.line : nil
                let object = addItem(nested, location: nestedLocation, linesAreMeaningful: linesAreMeaningful)
                pending.append((name, .init(kind: .object(object), location: valueLocation)))
            }
        }
        let typesStart = typeNames.count
        typeNames += item.types.map(SchemaObject.localName)
        return finishObject(pendingFrom: start, types: typesStart..<typeNames.count, location: location)
    }

    // MARK: - Completing an object

    /// Moves the pending values from `start` on into the graph, grouped by name in order of
    /// first appearance, and appends the object.
    private mutating func finishObject(pendingFrom start: Int, types: Range<Int>, location: SchemaGraph.Location) -> Int {
        let index = objects.count
        let propertiesStart = properties.count
        for first in start..<pending.count {
            let name = pending[first].name
            // A name seen before was grouped then.
            if pending[start..<first].contains(where: { $0.name == name }) { continue }
            let valuesStart = values.count
            for candidate in first..<pending.count where pending[candidate].name == name {
                var value = pending[candidate].value
                value.location.owner = index
                if case .object(let child) = value.kind { objects[child].location.owner = index }
                values.append(value)
            }
            properties.append(SchemaGraph.Property(name: name, values: valuesStart..<values.count))
        }
        pending.removeSubrange(start...)
        objects.append(SchemaGraph.Object(types: types, properties: propertiesStart..<properties.count, location: location))
        return index
    }
}

extension SchemaGraphBuilder: JSONSink {
    func null(at offset: Int) -> Value { .null }
    func bool(_ value: Bool, at offset: Int) -> Value { .scalar(value ? "true" : "false", offset: offset) }
    func number(_ text: String, at offset: Int) -> Value { .scalar(text, offset: offset) }
    func string(_ text: String, at offset: Int) -> Value { .string(text, offset: offset) }

    func beginObject(at offset: Int) -> ObjectBuilder {
        ObjectBuilder(offset: offset, pendingStart: pending.count)
    }

    mutating func member(_ key: String, _ value: Value, in object: inout ObjectBuilder) {
        let name = SchemaObject.localName(key)
        switch name {
        case "@type":
            appendStrings(value, to: &object.types)
        case "@context":
            break
        case "@graph":
            if case .list(let elements, _) = value { object.graph = elements }
        default:
            let component = JSONPath.component(key)
            if case .list(let elements, _) = value {
                for (index, element) in elements.enumerated() {
                    push(element, name: name, location: .init(component: component, index: index, offset: element.offset))
                }
            } else {
                push(value, name: name, location: .init(component: component, offset: value.offset))
            }
        }
    }

    mutating func endObject(_ object: ObjectBuilder) -> Value {
        let typesStart = typeNames.count
        typeNames += object.types.map(SchemaObject.localName)
        let index = finishObject(
            pendingFrom: object.pendingStart, types: typesStart..<typeNames.count,
            location: SchemaGraph.Location(component: "", offset: object.offset))
        if let graph = object.graph { graphs[index] = graph }
        return .object(index, offset: object.offset)
    }

    func beginArray(at offset: Int) -> ArrayBuilder { ArrayBuilder(offset: offset) }
    func element(_ value: Value, in array: inout ArrayBuilder) { array.elements.append(value) }
    func endArray(_ array: ArrayBuilder) -> Value { .list(array.elements, offset: array.offset) }

    /// A value of a property of the object being read.
    private mutating func push(_ value: Value, name: String, location: SchemaGraph.Location) {
        switch value {
        case .null:
            return
        case .string(let text, _):
            pending.append((name, .init(kind: .text(decodesEntities ? HTMLEntities.decode(text) : text), location: location)))
        case .scalar(let text, _):
            pending.append((name, .init(kind: .text(text), location: location)))
        case .object(let object, _):
            objects[object].location = location
            pending.append((name, .init(kind: .object(object), location: location)))
        case .list(let elements, _):
            // An array in an array: its elements keep the outer place.
            for element in elements { push(element, name: name, location: location) }
        }
    }

    private func appendStrings(_ value: Value, to strings: inout [String]) {
        switch value {
        case .string(let text, _): strings.append(text)
        case .list(let elements, _): for element in elements { appendStrings(element, to: &strings) }
        default: break
        }
    }
}
