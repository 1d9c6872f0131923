/// A schema.org object: its types, properties, and where it was found. A view into a ``SchemaGraph``.
struct SchemaObject: Sendable {
    let graph: SchemaGraph
    let index: Int

    /// Where the object's types are, in ``SchemaGraph/types``: read in place, since copying the
    /// whole entry out (with the path a top-level object keeps) costs each look-up a string's
    /// reference count.
    private var typeRange: Range<Int> { graph.objects[index].types }

    /// Where the object's properties are, in ``SchemaGraph/properties``.
    private var propertyRange: Range<Int> { graph.objects[index].properties }

    /// The types the mapper knows, in order (`nil` for one it does not).
    var typeTerms: some Sequence<SchemaTerm?> { graph.types[typeRange].lazy.map(\.term) }

    /// The types' local names (`FlightReservation`), for messages.
    var typeNames: [String] { graph.types[typeRange].map { graph.texts.string($0.local) } }

    /// Where the object starts.
    var place: SchemaPlace { SchemaPlace(graph: graph, object: index) }

    /// Whether the object has the type.
    func isA(_ type: SchemaTerm) -> Bool {
        graph.types[typeRange].contains { $0.term == type }
    }

    /// The values of a property, in order; empty when the object does not have it.
    func values(_ term: SchemaTerm) -> SchemaValues {
        SchemaValues(graph: graph, indices: graph.valueRange(ofObject: index, term))
    }

    /// The first value of a property without white space around it that is not empty.
    func firstTrimmedText(_ term: SchemaTerm) -> String? {
        graph.firstTrimmedText(ofObject: index, term)
    }

    /// The values of a property by its local name, which need not be a term.
    func values(named name: String) -> SchemaValues {
        if let term = SchemaTerm(name) { return values(term) }
        for property in graph.properties[propertyRange] where property.name.term == nil {
            if graph.texts.string(property.name.local) == name { return SchemaValues(graph: graph, indices: property.values) }
        }
        return SchemaValues(graph: graph, indices: 0..<0)
    }

    /// The properties' local names, in order.
    var propertyNames: [String] {
        graph.properties[propertyRange].map { graph.texts.string($0.name.local) }
    }

    /// Every value of every property, in document order.
    var allValues: SchemaValues {
        let range = graph.properties[propertyRange]
        guard let first = range.first, let last = range.last else { return SchemaValues(graph: graph, indices: 0..<0) }
        return SchemaValues(graph: graph, indices: first.values.lowerBound..<last.values.upperBound)
    }
}
