/// A schema.org object: its types, properties, and where it was found. A view into a ``SchemaGraph``.
struct SchemaObject: Sendable {
    let graph: SchemaGraph
    let index: Int

    private var entry: SchemaGraph.Object { graph.objects[index] }

    /// The types the mapper knows, in order (`nil` for one it does not).
    var typeTerms: some Sequence<SchemaTerm?> { graph.types[entry.types].lazy.map(\.term) }

    /// The types' local names (`FlightReservation`), for messages.
    var typeNames: [String] { graph.types[entry.types].map { graph.texts.string($0.local) } }

    /// Where the object starts.
    var place: SchemaPlace { SchemaPlace(graph: graph, object: index) }

    /// Whether the object has the type.
    func isA(_ type: SchemaTerm) -> Bool {
        graph.types[entry.types].contains { $0.term == type }
    }

    /// The values of a property, in order; empty when the object does not have it.
    func values(_ term: SchemaTerm) -> SchemaValues {
        for property in graph.properties[entry.properties] where property.name.term == term {
            return SchemaValues(graph: graph, indices: property.values)
        }
        return SchemaValues(graph: graph, indices: 0..<0)
    }

    /// The values of a property by its local name, which need not be a term.
    func values(named name: String) -> SchemaValues {
        if let term = SchemaTerm(name) { return values(term) }
        for property in graph.properties[entry.properties] where property.name.term == nil {
            if graph.texts.string(property.name.local) == name { return SchemaValues(graph: graph, indices: property.values) }
        }
        return SchemaValues(graph: graph, indices: 0..<0)
    }

    /// The properties' local names, in order.
    var propertyNames: [String] {
        graph.properties[entry.properties].map { graph.texts.string($0.name.local) }
    }

    /// Every value of every property, in document order.
    var allValues: SchemaValues {
        let range = graph.properties[entry.properties]
        guard let first = range.first, let last = range.last else { return SchemaValues(graph: graph, indices: 0..<0) }
        return SchemaValues(graph: graph, indices: first.values.lowerBound..<last.values.upperBound)
    }
}
