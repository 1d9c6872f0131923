import HTMLMarkup

/// Turns a parsed JSON-LD document into schema.org objects: a single object, an array of them,
/// or a `@graph`. KDE Itinerary's date-times (`{"@type": "QDateTime", "@value": ..., "timezone": ...}`)
/// stay objects, for the mapper to read.
struct JSONLDItems {
    /// Decode HTML character references inside strings (JSON-LD taken from HTML, where e-mail
    /// generators sometimes escape it).
    var decodesEntities: Bool
    /// Where the document sits: the path prefix (places keep byte offsets, located later).
    var basePath: String

    /// The objects of one top-level value: the document itself (`index` `nil`), or one element
    /// of a top-level array.
    func objects(in node: JSONNode, index: Int?) -> [SchemaObject] {
        guard let index else { return objects(in: node) }
        return objects(in: node, path: JSONPath.join(basePath, "[\(index)]"))
    }

    func objects(in root: JSONNode) -> [SchemaObject] {
        switch root.value {
        case .array(let elements):
            return elements.enumerated().flatMap { index, element in objects(in: element, path: JSONPath.join(basePath, "[\(index)]")) }
        case .object:
            return objects(in: root, path: basePath)
        default:
            return []
        }
    }

    private func objects(in node: JSONNode, path: String) -> [SchemaObject] {
        guard case .object = node.value, let object = object(node, path: path) else { return [] }
        if let graph = node.member("@graph"), case .array(let elements) = graph.value {
            return elements.enumerated().flatMap { index, element in
                objects(in: element, path: JSONPath.join(path, "@graph[\(index)]"))
            } + (object.types.isEmpty ? [] : [object])
        }
        return [object]
    }

    private func object(_ node: JSONNode, path: String) -> SchemaObject? {
        guard case .object(let members) = node.value else { return nil }
        let place = SchemaPlace(path: path, offset: node.offset)
        var types: [String] = []
        var properties = SchemaProperties()
        for member in members {
            let key = SchemaObject.localName(member.key)
            if key == "@type" {
                types += strings(member.value).map(SchemaObject.localName)
                continue
            }
            if key == "@context" || key == "@graph" { continue }
            let component = Self.pathComponent(member.key)
            if case .array(let elements) = member.value.value {
                for (index, element) in elements.enumerated() {
                    add(element, place: SchemaPlace(objectPath: path, member: component, index: index, offset: element.offset), to: key, in: &properties)
                }
            } else {
                add(member.value, place: SchemaPlace(objectPath: path, member: component, index: nil, offset: member.value.offset), to: key, in: &properties)
            }
        }
        return SchemaObject(types: types, properties: properties, place: place)
    }

    /// Adds the values of a node to a property.
    private func add(_ node: JSONNode, place: SchemaPlace, to name: String, in properties: inout SchemaProperties) {
        switch node.value {
        case .null: return
        case .bool(let value): properties.append(.text(value ? "true" : "false", place), to: name)
        case .number(let text): properties.append(.text(text, place), to: name)
        case .string(let text): properties.append(.text(decodesEntities ? HTMLEntities.decode(text) : text, place), to: name)
        case .array(let elements):
            // An array in an array: its elements keep the outer place.
            for element in elements { add(element, place: place, to: name, in: &properties) }
        case .object:
            if let object = object(node, path: place.path) { properties.append(.object(object), to: name) }
        }
    }

    private func strings(_ node: JSONNode) -> [String] {
        switch node.value {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings)
        default: []
        }
    }

    /// `name`, or `["@type"]` for keys that are not plain names.
    private static func pathComponent(_ key: String) -> String {
        JSONPath.component(key)
    }
}
