/// Finding and reading the inputs, as ``FeedGenerator`` and ``ReservationLinter`` both do.
package struct InputReading {
    package let discovery: InputDiscovery
    package let importer: ReservationImporter

    package init(discovery: InputDiscovery, importer: ReservationImporter) {
        self.discovery = discovery
        self.importer = importer
    }

    /// Expands the inputs and reads every file, passing each diagnostic to `report` as it comes.
    ///
    /// - Returns: How many inputs were read, and what they held.
    /// - Throws: ``FeedError/input(_:)`` when an input does not exist.
    package func read(_ inputs: [String], report: (Diagnostic) -> Void) throws(FeedError) -> (inputCount: Int, result: ImportResult) {
        let expanded: (sources: [InputSource], diagnostics: [Diagnostic])
        do {
            expanded = try discovery.expand(inputs)
        } catch {
            throw .input(error)
        }
        var result = ImportResult(diagnostics: expanded.diagnostics)
        expanded.diagnostics.forEach(report)
        for source in expanded.sources {
            let read = importer.read(source)
            read.diagnostics.forEach(report)
            result.append(read)
        }
        result.reservations = ReservationMerger.merge(result.reservations)
        return (expanded.sources.count, result)
    }
}
