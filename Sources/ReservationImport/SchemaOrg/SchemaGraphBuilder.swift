import Diagnostics
import HTMLMarkup
import JSONParsing

/// Builds a ``SchemaGraph`` from JSON-LD (as the sink of a ``JSONReader``) or from Microdata items.
///
/// JSON-LD: a single object, an array of them, or a `@graph`; `@type` gives the types,
/// `@context` is passed over, names are reduced to their local names, arrays give several values,
/// and KDE Itinerary's date-times (`{"@type": "QDateTime", "@value": ..., "timezone": ...}`) stay
/// objects, for the mapper to read. Objects are completed children first, their properties
/// grouped by name in order of first appearance.
struct SchemaGraphBuilder {
    /// Decode HTML character references inside strings (JSON-LD taken from HTML, where e-mail
    /// generators sometimes escape it).
    private let decodesEntities: Bool
    private let quotesKeys: Bool

    private var texts: SchemaGraph.Texts
    private var objects: [SchemaGraph.Object] = []
    private var types: [SchemaGraph.Name] = []
    private var properties: [SchemaGraph.Property] = []
    private var values: [SchemaGraph.Value] = []
    private var roots: [Int] = []

    /// The values of the objects being built, innermost last.
    private var pending: [Pending] = []
    /// The types of the objects being built, innermost last.
    private var pendingTypes: [SchemaGraph.Name] = []

    private struct Pending {
        var name: SchemaGraph.Name
        var key: SchemaGraph.Text
        var value: SchemaGraph.Value
    }

    /// A builder for JSON-LD read from `source`.
    init(source: [UInt8], decodesEntities: Bool = false) {
        texts = SchemaGraph.Texts(source: source)
        self.decodesEntities = decodesEntities
        quotesKeys = true
    }

    /// A builder for the Microdata of a page, whose text values are ranges of its text.
    init(microdata extraction: HTMLExtraction) {
        texts = SchemaGraph.Texts(source: extraction.text, collapsesWhitespace: true)
        decodesEntities = false
        quotesKeys = false
    }

    /// The graph built so far.
    func build() -> SchemaGraph {
        SchemaGraph(texts: texts, objects: objects, types: types, properties: properties, values: values, roots: roots, quotesKeys: quotesKeys)
    }

    // MARK: - JSON-LD

    /// Adds the objects of a JSON-LD value read into this builder: the value itself when it is
    /// an object, or the objects of its `@graph` followed by it when it has types, at `path`.
    mutating func addJSONLDRoot(_ value: Value, path: String) {
        switch value {
        case .list(let elements, _):
            for (index, element) in elements.enumerated() {
                addRoot(element, placement: .path(JSONPath.join(path, "[\(index)]")))
            }
        default:
            addRoot(value, placement: .path(path))
        }
    }

    private mutating func addRoot(_ value: Value, placement: SchemaGraph.Placement) {
        guard case .object(let object, _) = value else { return }
        objects[object].placement = placement
        guard let graph = graphs[object] else {
            roots.append(object)
            return
        }
        for (index, element) in graph.enumerated() {
            addRoot(element, placement: .graphElement(owner: object, index: index))
        }
        if !objects[object].types.isEmpty { roots.append(object) }
    }

    /// What a JSON value becomes while the graph is built.
    enum Value {
        case null
        case text(SchemaGraph.Text, offset: Int)
        case object(Int, offset: Int)
        case list([Value], offset: Int)

        var offset: Int? {
            switch self {
            case .null: nil
            case .text(_, let offset), .object(_, let offset), .list(_, let offset): offset
            }
        }
    }

    struct ObjectBuilder {
        var offset: Int
        /// Where this object's values and types start in `pending` and `pendingTypes`.
        var pendingStart: Int
        var typesStart: Int
        var graph: [Value]?
    }

    struct ArrayBuilder {
        var offset: Int
        var elements: [Value] = []
    }

    /// The `@graph` lists of the objects that have one.
    private var graphs: [Int: [Value]] = [:]

    /// A string of the source as graph text: in place, or decoded when it holds HTML entities
    /// that must be decoded.
    private mutating func text(_ text: JSONText) -> SchemaGraph.Text {
        if decodesEntities, text.bytes.contains(UInt8(ascii: "&")) {
            return texts.own(HTMLEntities.decode(text.string))
        }
        return SchemaGraph.Text(source: text.range, hasEscapes: text.hasEscapes)
    }

    /// A name as a term and a local name, in place when it has no escapes.
    private mutating func name(_ text: JSONText) -> SchemaGraph.Name {
        guard !text.hasEscapes else { return name(text.string) }
        return name(inSource: text.range, of: text.bytes)
    }

    /// The name at `range` of the source, whose bytes are `bytes`.
    private func name(inSource range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> SchemaGraph.Name {
        let local = SchemaTerm.localName(bytes)
        let start = range.lowerBound + (local.baseAddress.map { $0 - bytes.baseAddress! } ?? 0)
        return SchemaGraph.Name(term: SchemaTerm(local: local), local: SchemaGraph.Text(source: start..<start + local.count, hasEscapes: false))
    }

    private mutating func name(_ string: String) -> SchemaGraph.Name {
        var string = string
        let local = string.withUTF8 { String(decoding: SchemaTerm.localName($0), as: UTF8.self) }
        return SchemaGraph.Name(term: SchemaTerm(local), local: texts.own(local))
    }

    // MARK: - Microdata

    /// Adds the page's top-level Microdata items: `item[1]`, `item[2]`... under `basePath`. An
    /// item that is the value of several properties becomes one object.
    ///
    /// - Parameter linesAreMeaningful: Whether the items' lines are lines of the input (not of an
    ///   e-mail part).
    mutating func addMicrodata(_ extraction: HTMLExtraction, basePath: String, linesAreMeaningful: Bool) {
        var objectOfItem: [Int: Int] = [:]
        for (position, item) in extraction.topLevelItems.enumerated() {
            let object = addItem(item, of: extraction, objectOfItem: &objectOfItem, linesAreMeaningful: linesAreMeaningful)
            objects[object].placement = .path(JSONPath.join(basePath, "item[\(position + 1)]"))
            roots.append(object)
        }
    }

    private mutating func addItem(
        _ index: Int, of extraction: HTMLExtraction, objectOfItem: inout [Int: Int], linesAreMeaningful: Bool
    ) -> Int {
        if let object = objectOfItem[index] { return object }
        let item = extraction.items[index]
        // Nested items first: an object is complete before it is a value.
        var nested: [Int: Int] = [:]
        for property in item.properties {
            if case .item(let inner) = property.value, nested[inner] == nil {
                nested[inner] = addItem(inner, of: extraction, objectOfItem: &objectOfItem, linesAreMeaningful: linesAreMeaningful)
            }
        }
        let start = pending.count
        for property in item.properties {
            let line = linesAreMeaningful ? property.line : nil
            let content: SchemaGraph.Value.Content
            switch property.value {
            case .text(let range): content = .text(SchemaGraph.Text(source: range, hasEscapes: false))
            case .item(let inner): content = .object(nested[inner]!)
            }
            for written in property.names {
                let name = name(written)
                pending.append(Pending(name: name, key: name.local, value: SchemaGraph.Value(content: content, line: line)))
            }
        }
        let typesStart = pendingTypes.count
        for type in item.types { pendingTypes.append(name(type)) }
        let object = finishObject(pendingFrom: start, typesFrom: typesStart, offset: nil, line: linesAreMeaningful ? item.line : nil)
        objectOfItem[index] = object
        return object
    }

    // MARK: - Completing an object

    /// Moves the pending values and types from `start` and `typesStart` on into the graph, the
    /// values grouped by name in order of first appearance, and appends the object.
    private mutating func finishObject(pendingFrom start: Int, typesFrom typesStart: Int, offset: Int?, line: Int?) -> Int {
        let index = objects.count
        let propertiesStart = properties.count
        let end = pending.count
        if end - start <= Self.fewProperties {
            // The few properties objects usually have: grouped without an array for each group.
            let (groups, leaders, groupOf) = smallGroups(start..<end)
            for group in 0..<groups {
                let valuesStart = values.count
                for member in leaders[group]..<end where groupOf[member - start] == group { appendValue(ofPending: member) }
                let first = pending[leaders[group]]
                properties.append(SchemaGraph.Property(name: first.name, key: first.key, owner: index, values: valuesStart..<values.count))
            }
        } else {
            for members in groupedByName(start..<end) {
                let valuesStart = values.count
                for member in members { appendValue(ofPending: member) }
                let first = pending[members[0]]
                properties.append(SchemaGraph.Property(name: first.name, key: first.key, owner: index, values: valuesStart..<values.count))
            }
        }
        pending.removeSubrange(start...)
        let typesRange = types.count..<types.count + pendingTypes.count - typesStart
        types += pendingTypes[typesStart...]
        pendingTypes.removeSubrange(typesStart...)
        objects.append(
            SchemaGraph.Object(
                types: typesRange, properties: propertiesStart..<properties.count, placement: .path(""), offset: offset, line: line))
        return index
    }

    /// Moves a pending value into the graph, as a value of the property appended next.
    private mutating func appendValue(ofPending member: Int) {
        var value = pending[member].value
        value.property = properties.count
        if case .object(let child) = value.content { objects[child].placement = .value(values.count) }
        values.append(value)
    }

    /// Up to how many properties an object's are grouped by comparing names pairwise: the size
    /// of `smallGroups(_:)`'s arrays, which a generic argument must write as a literal.
    private static let fewProperties = 16

    /// The pending values in `range` (at most ``fewProperties``) grouped by property name: how
    /// many groups, the first member of each, in order of appearance, and the group of each
    /// member (from `range`'s start). Each name is compared with each group's first.
    private func smallGroups(_ range: Range<Int>) -> (count: Int, leaders: InlineArray<16, Int>, groupOf: InlineArray<16, Int>) {
        var leaders = InlineArray<16, Int>(repeating: 0)
        var groupOf = InlineArray<16, Int>(repeating: 0)
        var groups = 0
        for member in range {
            var group = 0
            while group < groups, !isSame(pending[leaders[group]].name, pending[member].name) { group += 1 }
            if group == groups {
                leaders[group] = member
                groups += 1
            }
            groupOf[member - range.lowerBound] = group
        }
        return (groups, leaders, groupOf)
    }

    /// The pending values in `range` grouped by property name, groups in order of first
    /// appearance, members in order, through a table (so that an object of 100,000 properties
    /// costs 100,000 look-ups, not their square).
    private func groupedByName(_ range: Range<Int>) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOfKey: [NameKey: Int] = [:]
        for member in range {
            let name = pending[member].name
            let key = name.term.map(NameKey.term) ?? .local(texts.string(name.local))
            if let group = groupOfKey[key] {
                groups[group].append(member)
            } else {
                groupOfKey[key] = groups.count
                groups.append([member])
            }
        }
        return groups
    }

    /// A property name as a table key: its term, else its local name.
    private enum NameKey: Hashable {
        case term(SchemaTerm)
        case local(String)
    }

    /// Whether two names are the same property: the same term, or the same local name.
    private func isSame(_ first: SchemaGraph.Name, _ second: SchemaGraph.Name) -> Bool {
        if let term = first.term { return term == second.term }
        return second.term == nil && texts.equal(first.local, second.local)
    }
}

extension SchemaGraphBuilder: JSONSink {
    func null(at offset: Int) -> Value { .null }

    func bool(_ value: Bool, at offset: Int) -> Value {
        // The word itself, in the source.
        .text(SchemaGraph.Text(source: offset..<offset + (value ? 4 : 5), hasEscapes: false), offset: offset)
    }

    func number(_ text: JSONText, at offset: Int) -> Value {
        .text(SchemaGraph.Text(source: text.range, hasEscapes: false), offset: offset)
    }

    mutating func string(_ text: JSONText, at offset: Int) -> Value {
        .text(self.text(text), offset: offset)
    }

    func beginObject(at offset: Int) -> ObjectBuilder {
        ObjectBuilder(offset: offset, pendingStart: pending.count, typesStart: pendingTypes.count)
    }

    mutating func member(_ key: JSONText, _ value: Value, in object: inout ObjectBuilder) {
        let name = name(key)
        switch name.term {
        case .atType:
            appendTypes(value)
        case .atContext:
            break
        case .atGraph:
            if case .list(let elements, _) = value { object.graph = elements }
        default:
            let written = key.hasEscapes ? texts.own(key.string) : SchemaGraph.Text(source: key.range, hasEscapes: false)
            if case .list(let elements, _) = value {
                for (index, element) in elements.enumerated() {
                    push(element, name: name, key: written, arrayIndex: index, offset: element.offset)
                }
            } else {
                push(value, name: name, key: written, arrayIndex: nil, offset: value.offset)
            }
        }
    }

    mutating func endObject(_ object: ObjectBuilder) -> Value {
        let index = finishObject(pendingFrom: object.pendingStart, typesFrom: object.typesStart, offset: object.offset, line: nil)
        if let graph = object.graph { graphs[index] = graph }
        return .object(index, offset: object.offset)
    }

    func beginArray(at offset: Int) -> ArrayBuilder { ArrayBuilder(offset: offset) }
    func element(_ value: Value, in array: inout ArrayBuilder) { array.elements.append(value) }
    func endArray(_ array: ArrayBuilder) -> Value { .list(array.elements, offset: array.offset) }

    /// A value of a property of the object being read.
    private mutating func push(_ value: Value, name: SchemaGraph.Name, key: SchemaGraph.Text, arrayIndex: Int?, offset: Int?) {
        switch value {
        case .null:
            return
        case .text(let text, _):
            pending.append(
                Pending(name: name, key: key, value: SchemaGraph.Value(content: .text(text), arrayIndex: arrayIndex, offset: offset)))
        case .object(let object, _):
            pending.append(
                Pending(name: name, key: key, value: SchemaGraph.Value(content: .object(object), arrayIndex: arrayIndex, offset: offset)))
        case .list(let elements, _):
            // An array in an array: its elements keep the outer place.
            for element in elements { push(element, name: name, key: key, arrayIndex: arrayIndex, offset: offset) }
        }
    }

    /// The types named by a `@type` value: a string or an array of them.
    private mutating func appendTypes(_ value: Value) {
        switch value {
        case .text(let text, _) where text.start >= 0 && !text.hasEscapes:
            let range = text.start..<text.start + text.count
            let type = texts.source.withUnsafeBufferPointer { self.name(inSource: range, of: UnsafeBufferPointer(rebasing: $0[range])) }
            pendingTypes.append(type)
        case .text(let text, _):
            pendingTypes.append(name(texts.string(text)))
        case .list(let elements, _):
            for element in elements { appendTypes(element) }
        default:
            break
        }
    }
}
