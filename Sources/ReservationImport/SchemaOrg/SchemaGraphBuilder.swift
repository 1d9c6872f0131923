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

    func build() -> SchemaGraph {
        SchemaGraph(objects: objects, typeNames: typeNames, properties: properties, values: values, roots: roots)
    }

    // MARK: - JSON-LD

    /// Adds a JSON-LD document (`index` `nil`) or one element of a top-level array.
    mutating func addJSONLD(_ node: JSONNode, index: Int?, basePath: String) {
        if let index {
            addObjects(in: node, path: JSONPath.join(basePath, "[\(index)]"))
            return
        }
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() { addObjects(in: element, path: JSONPath.join(basePath, "[\(index)]")) }
        case .object:
            addObjects(in: node, path: basePath)
        default:
            break
        }
    }

    /// An object, or the objects of its `@graph` followed by it when it has types.
    private mutating func addObjects(in node: JSONNode, path: String) {
        guard case .object = node.value else { return }
        let object = addObject(node, location: SchemaGraph.Location(component: path, offset: node.offset))
        if let graph = node.member("@graph"), case .array(let elements) = graph.value {
            for (index, element) in elements.enumerated() {
                addObjects(in: element, path: JSONPath.join(path, "@graph[\(index)]"))
            }
            if !objects[object].types.isEmpty { roots.append(object) }
            return
        }
        roots.append(object)
    }

    /// Builds an object from its members; returns its index.
    private mutating func addObject(_ node: JSONNode, location: SchemaGraph.Location) -> Int {
        guard case .object(let members) = node.value else { return -1 }
        let start = pending.count
        var types: [String] = []
        for member in members {
            let name = SchemaObject.localName(member.key)
            if name == "@type" {
                appendStrings(member.value, to: &types)
                continue
            }
            if name == "@context" || name == "@graph" { continue }
            let component = JSONPath.component(member.key)
            if case .array(let elements) = member.value.value {
                for (index, element) in elements.enumerated() {
                    addValues(element, name: name, location: .init(component: component, index: index, offset: element.offset))
                }
            } else {
                addValues(member.value, name: name, location: .init(component: component, offset: member.value.offset))
            }
        }
        // After the members: nested objects add their own types first.
        let typesStart = typeNames.count
        typeNames += types.map(SchemaObject.localName)
        return finishObject(pendingFrom: start, types: typesStart..<typeNames.count, location: location)
    }

    private mutating func addValues(_ node: JSONNode, name: String, location: SchemaGraph.Location) {
        switch node.value {
        case .null: return
        case .bool(let value): pending.append((name, .init(kind: .text(value ? "true" : "false"), location: location)))
        case .number(let text): pending.append((name, .init(kind: .text(text), location: location)))
        case .string(let text):
            pending.append((name, .init(kind: .text(decodesEntities ? HTMLEntities.decode(text) : text), location: location)))
        case .array(let elements):
            // An array in an array: its elements keep the outer place.
            for element in elements { addValues(element, name: name, location: location) }
        case .object:
            let object = addObject(node, location: location)
            pending.append((name, .init(kind: .object(object), location: location)))
        }
    }

    private func appendStrings(_ node: JSONNode, to strings: inout [String]) {
        switch node.value {
        case .string(let text): strings.append(text)
        case .array(let elements): for element in elements { appendStrings(element, to: &strings) }
        default: break
        }
    }

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
