import Foundation

/// Runs the whole job: finds the input files, reads the reservations, makes the events and
/// writes the feed, safely.
///
/// Bad input never stops the others: each problem is reported as a ``Diagnostic`` with its file
/// and place, and every good reservation is still written. Nothing is written at all when an
/// input is missing or when no event could be made, so an existing feed is never replaced by an
/// empty one; when something is written, it replaces the old feed atomically.
///
/// ```swift
/// let report = try FeedGenerator().generate(
///     inputs: ["Examples/trip"], to: .file("trip.ics"), now: .now) { print($0) }
/// print(report.summary)   // Wrote 8 events (8 reservations from 8 inputs) to trip.ics
/// ```
public struct FeedGenerator: Sendable {
    /// The feed's options.
    public var options: FeedOptions
    /// Which files folders contribute.
    public var discovery: InputDiscovery
    /// How files are read.
    public var importer: ReservationImporter

    /// Creates a generator.
    public init(
        options: FeedOptions = FeedOptions(), discovery: InputDiscovery = InputDiscovery(),
        importer: ReservationImporter = ReservationImporter()
    ) {
        self.options = options
        self.discovery = discovery
        self.importer = importer
    }

    /// Generates the feed.
    ///
    /// - Parameters:
    ///   - inputs: Files, folders (read recursively), or `-` for standard input.
    ///   - destination: Where the feed goes.
    ///   - now: The time of generation (DTSTAMP); pin it for reproducible output.
    ///   - report: Receives each diagnostic as soon as it is known.
    /// - Returns: What was done.
    /// - Throws: ``FeedError`` when nothing was written.
    public func generate(
        inputs: [String], to destination: FeedDestination, now: Instant, report: (Diagnostic) -> Void = { _ in }
    ) throws(FeedError) -> FeedRunReport {
        let (inputCount, read) = try InputReading(discovery: discovery, importer: importer).read(inputs, report: report)
        let build = FeedBuilder(options: options).build(from: read.reservations, now: now)
        build.diagnostics.forEach(report)
        let diagnostics = read.diagnostics + build.diagnostics

        guard !build.feed.events.isEmpty else {
            throw .nothingToWrite(
                inputs: inputCount, errors: diagnostics.filter { $0.severity == .error }.count, skipped: build.skipped.count)
        }
        try write(build.feed, to: destination)
        return FeedRunReport(
            inputCount: inputCount, reservationCount: read.reservations.count, eventCount: build.feed.events.count,
            destination: destination, diagnostics: diagnostics, skipped: build.skipped)
    }

    private func write(_ feed: Feed, to destination: FeedDestination) throws(FeedError) {
        do {
            switch destination {
            case .file(let path):
                try AtomicFileWriter.replace(path) { write in try feed.write(to: write) }
            case .standardOutput:
                try feed.write { FileHandle.standardOutput.write(Data($0.utf8)) }
            }
        } catch let error as FeedError {
            throw error
        } catch {
            throw .iCalendar("\(error)")
        }
    }
}
