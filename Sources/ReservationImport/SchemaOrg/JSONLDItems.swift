import HTMLMarkup

/// Turns a parsed JSON-LD document into schema.org objects: a single object, an array of them,
/// or a `@graph`. KDE Itinerary's date-times (`{"@type": "QDateTime", "@value": ..., "timezone": ...}`)
/// stay objects, for the mapper to read.
struct JSONLDItems {
    /// Decode HTML character references inside strings (JSON-LD taken from HTML, where e-mail
    /// generators sometimes escape it).
    var decodesEntities: Bool
    /// Where the document sits: the path prefix, and how to place a byte offset.
    var basePath: String
    var locate: (Int) -> TextPosition?

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
        // Placed before its members, so that look-ups go through the file in order.
        let place = SchemaPlace(path: path, position: locate(node.offset))
        var types: [String] = []
        var properties: [String: [SchemaValue]] = [:]
        for member in members {
            let key = SchemaObject.localName(member.key)
            let memberPath = JSONPath.join(path, Self.pathComponent(member.key))
            if key == "@type" {
                types += strings(member.value).map(SchemaObject.localName)
                continue
            }
            if key == "@context" || key == "@graph" { continue }
            properties[key, default: []] += values(member.value, path: memberPath)
        }
        return SchemaObject(types: types, properties: properties, place: place)
    }

    private func values(_ node: JSONNode, path: String) -> [SchemaValue] {
        let place = SchemaPlace(path: path, position: locate(node.offset))
        switch node.value {
        case .null: return []
        case .bool(let value): return [.text(value ? "true" : "false", place)]
        case .number(let text): return [.text(text, place)]
        case .string(let text): return [.text(decodesEntities ? HTMLEntities.decode(text) : text, place)]
        case .array(let elements):
            return elements.enumerated().flatMap { index, element in values(element, path: path + "[\(index)]") }
        case .object: return object(node, path: path).map { [.object($0)] } ?? []
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
        JSONPath.text([JSONNameKey(key)])
    }
}
