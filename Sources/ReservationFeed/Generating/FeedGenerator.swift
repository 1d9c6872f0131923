import Diagnostics
import Foundation
import ICalendar
import Parallel

/// Runs the whole job: finds the input files, reads the reservations, reads the feed as it was,
/// makes the next version of it and writes it safely.
///
/// Bad input never stops the others: each problem is reported as a `Diagnostic` with its file
/// and place, and every good reservation is still written. Nothing is written at all when an
/// input is missing, when no event could be made, or when the feed would lose more than half of
/// its live events (see ``FeedOptions/allowShrink``), so an existing feed is never wiped by an
/// empty or half-mounted input folder. A lock keeps two runs on one feed apart, and the new feed
/// replaces the old one atomically: a reader, or a run killed half-way, sees the old feed or the
/// new one, complete.
///
/// ```swift
/// let report = try FeedGenerator().generate(
///     inputs: ["Examples/trip"], to: .file("trip.ics"), now: .now) { print($0) }
/// print(report.summary)   // Wrote 8 events to trip.ics: 8 added, 0 updated, ...
/// ```
public struct FeedGenerator: Sendable {
    /// The feed's options.
    public var options: FeedOptions
    /// Which files folders contribute.
    public var discovery: InputDiscovery
    /// How files are read.
    public var importer: ReservationImporter
    /// How IMAP folders among the inputs are read.
    public var mailboxes = MailboxInputs()
    /// How long to wait for another run writing the same feed, in seconds.
    public var lockWait: Int
    /// A folder to keep one `.ics` file per event in, beside the feed; `nil` for none.
    public var splitFolder: String?
    /// How many threads synthesise and write events at once (see ``FeedBuilder/concurrency``).
    public var concurrency: Int
    /// Reservations handled at once (see ``FeedBuilder``); tests make it small.
    var batchSize = FeedBuilder().batchSize

    /// Creates a generator.
    public init(
        options: FeedOptions = FeedOptions(), discovery: InputDiscovery = InputDiscovery(),
        importer: ReservationImporter = ReservationImporter(), lockWait: Int = 60, splitFolder: String? = nil,
        concurrency: Int = Parallel.defaultConcurrency
    ) {
        self.concurrency = concurrency
        self.options = options
        self.discovery = discovery
        self.importer = importer
        self.lockWait = lockWait
        self.splitFolder = splitFolder
    }

    /// Generates the feed.
    ///
    /// - Parameters:
    ///   - inputs: Files, folders (read recursively), or `-` for standard input.
    ///   - destination: Where the feed goes. A file's existing content is the previous feed.
    ///   - views: Other views of the feed (`FeedView`) to write in the same run,
    ///     each to a file of its own, from the same reading and merging: `serve` keeps every view
    ///     this way. Each is locked, versioned and guarded as the feed is; one that cannot be
    ///     written is told in ``FeedGenerationReport/views`` and leaves its file as it was. What
    ///     the inputs and the events say is said once, by the feed; a view's report holds only
    ///     what its own previous version lost.
    ///   - now: The time of this run; pin it for reproducible output.
    ///   - report: Receives each diagnostic as soon as it is known.
    /// - Returns: What was done.
    /// - Throws: ``FeedError`` when nothing was written.
    public func generate(
        inputs: [String], to destination: FeedDestination, views: [FeedViewOutput] = [], now: Instant,
        report: (Diagnostic) -> Void = { _ in }
    ) throws(FeedError) -> FeedGenerationReport {
        var lock: FeedLock?
        if case .file(let path) = destination {
            lock = try FeedLock.acquire(for: path, waiting: lockWait)
            AtomicFileWriter.removeStaleTemporaryFiles(of: path)
        }
        defer { withExtendedLifetime(lock) {} }
        // A view whose file is the feed's, or another view's (a link, the same name), would write
        // one view over the other, and wait for its own lock: refused before anything is read.
        var files: [String] = []
        if case .file(let path) = destination { files.append(path) }
        for output in views {
            if let same = files.first(where: { Self.isSameFile($0, output.path) }) {
                throw .write(path: output.path, reason: "it is \(same) under another name, and a view needs a file of its own")
            }
            files.append(output.path)
        }

        // The feed and its split folder are this run's own, never its inputs, wherever they are.
        var discovery = self.discovery
        if case .file(let path) = destination { discovery.excludeOwnOutput(path) }
        for output in views { discovery.excludeOwnOutput(output.path) }
        if let splitFolder { discovery.excludeOwnOutput(splitFolder) }
        let reading = InputReading(discovery: discovery, importer: importer, mailboxes: mailboxes)
        var (inputCount, read) = try reading.read(inputs, report: report)
        // The previous feed is indexed after the inputs are read, whose files are let go by then,
        // and before they are merged: it remembers whose mail made each booking.
        var previous: PreviousFeed?
        if case .file(let path) = destination {
            previous = try Self.previousFeed(at: path)
        }
        var identityKeys = reading.admit(
            &read, makers: previous?.makers ?? [:], view: options.synthesis.view, viewKey: options.synthesis.viewKey, report: report)
        TravellerSelection(options.travellers)?.select(&read, keys: &identityKeys, report: report)
        // What the events are named by, from the keys merging worked out; the keys themselves
        // are let go.
        var identities = Parallel.map(identityKeys, concurrency: concurrency) { BookingIdentity(key: $0) }
        identityKeys = []
        let reservationCount = read.reservations.count

        let inputs = InputsRead(count: inputCount, reservations: reservationCount, messages: read.messages, diagnostics: read.diagnostics)
        // Without views, the reservations and the previous feed's index are let go once they are
        // in the events: their memory goes to writing the feed.
        var generated = try make(
            &read.reservations, identities: &identities, withheld: &read.withheld, inputs: inputs, options: options, previous: &previous,
            to: destination, splitFolder: splitFolder, letGo: views.isEmpty, now: now, report: report)
        // The views of the same bookings, each against its own previous version; what they would
        // say of the inputs was said by the feed.
        for output in views {
            var options = self.options
            options.synthesis.view = output.view
            do throws(FeedError) {
                // Each view's lock after the feed's, in the order given: two runs never wait for
                // each other in a circle. A view that cannot be locked is told, and the feed stands.
                let viewLock = try FeedLock.acquire(for: output.path, waiting: lockWait)
                defer { withExtendedLifetime(viewLock) {} }
                AtomicFileWriter.removeStaleTemporaryFiles(of: output.path)
                var previous = try Self.previousFeed(at: output.path)
                var made = try make(
                    &read.reservations, identities: &identities, withheld: &read.withheld, inputs: inputs, options: options,
                    previous: &previous, to: .file(output.path), splitFolder: nil, letGo: output == views.last, now: now,
                    report: { _ in })
                // What the view's own previous version lost is its own to say; the rest is the feed's.
                made.diagnostics = made.diagnostics.filter { $0.code == .previousFeed }
                generated.views[output.view] = .success(made)
            } catch {
                generated.views[output.view] = .failure(error)
            }
        }
        return generated
    }

    /// Makes one view of the feed from the merged reservations and writes it: what ``generate(inputs:to:views:now:report:)``
    /// does for the feed and for each view. With `letGo`, the reservations, their identities and
    /// the previous feed are emptied once the events are made, before the feed is written.
    private func make(
        _ reservations: inout [ImportedReservation], identities: inout [BookingIdentity], withheld: inout [ImportedReservation],
        inputs: InputsRead, options: FeedOptions, previous: inout PreviousFeed?, to destination: FeedDestination, splitFolder: String?,
        letGo: Bool, now: Instant, report: (Diagnostic) -> Void
    ) throws(FeedError) -> FeedGenerationReport {
        // A previous feed whose structure is broken loses the events that cannot be read: say so.
        var previousProblems: [Diagnostic] = []
        if let previous {
            previousProblems = previous.problems.map {
                Diagnostic(.error, .previousFeed, at: Origin(file: previous.name), "\($0): it cannot be kept in the feed")
            }
            previousProblems.forEach(report)
        }
        var builder = FeedBuilder(options: options, concurrency: concurrency)
        builder.batchSize = batchSize
        let assembly = try builder.assemble(
            reservations, identities: identities, withheld: withheld, previous: previous, now: now, inputIsComplete: !inputs.hasErrors,
            form: EventTexts(), spool: TextSpool(in: Self.spoolFolder(for: destination)))
        let previousCount = previous?.count ?? 0
        if letGo {
            reservations = []
            identities = []
            withheld = []
        }
        previous = nil
        assembly.diagnostics.forEach(report)
        let diagnostics = previousProblems + inputs.diagnostics + assembly.diagnostics

        if assembly.entries.isEmpty, previousCount == 0, !options.allowShrink {
            throw .nothingToWrite(
                inputs: inputs.count, errors: diagnostics.filter { $0.severity == .error }.count,
                skipped: assembly.skipped.count, unverified: assembly.skipped.filter { $0.reason == .unverifiedSender }.count)
        }
        let replaced = try write(assembly, options: options, to: destination)
        var files: (written: Int, removed: Int)?
        if let splitFolder {
            files = try EventFiles.synchronize(assembly, properties: options.calendarProperties, into: splitFolder)
        }
        var generated = FeedGenerationReport(
            inputCount: inputs.count, reservationCount: inputs.reservations, eventCount: assembly.entries.count,
            destination: destination, changes: assembly.changes, diagnostics: diagnostics, skipped: assembly.skipped,
            eventFiles: files)
        generated.messageCount = inputs.messages
        generated.fileKept = !replaced
        return generated
    }

    /// What the inputs of a run were, for the report of each view made from them.
    private struct InputsRead {
        var count: Int
        var reservations: Int
        var messages: Int
        var diagnostics: [Diagnostic]
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Whether two paths name one file: the same device and inode when both exist, else the
    /// same path once links are resolved.
    static func isSameFile(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        if stat(one, &first) == 0, stat(other, &second) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(one) == resolved(other)
    }

    /// The feed at `path` as it is now, or `nil` when there is none (or it is empty).
    static func previousFeed(at path: String) throws(FeedError) -> PreviousFeed? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try PreviousFeed.reading(path: path)
    }

    /// Writes the feed, event by event from the texts the builder made, in pieces of a few
    /// hundred kilobytes: the whole document is never one string in memory. A file whose bytes
    /// are already these is left untouched.
    ///
    /// - Returns: Whether the feed was written (`false`: the file already held it).
    private func write(_ assembly: FeedAssembly, options: FeedOptions, to destination: FeedDestination) throws(FeedError) -> Bool {
        // The events' texts are read back in feed order, which is not the order they were made
        // in: from memory, all at once, rather than by a read of the file for each.
        try assembly.spool?.load()
        func document(_ output: ([UInt8]) throws -> Void) throws {
            try assembly.writeDocument(
                of: assembly.entries, properties: options.calendarProperties, timeZones: assembly.timeZones, chunkSize: Self.chunkSize,
                to: output)
        }
        do {
            switch destination {
            case .file(let path):
                return try AtomicFileWriter.replace(path, keepingIdentical: true) { write in try document(write) }
            case .standardOutput:
                try document { FileHandle.standardOutput.write(Data($0)) }
                return true
            }
        } catch let error as FeedError {
            throw error
        } catch {
            // Only FeedError is thrown in there; should that change, the write is what failed.
            throw .write(path: "\(destination)", reason: "\(error)")
        }
    }

    /// Where the texts of events wait for the feed to be written: beside the feed, else in the
    /// temporary folder.
    static func spoolFolder(for destination: FeedDestination) -> String {
        if case .file(let path) = destination {
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
        }
        return ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// How much of the feed is handed to the file at once.
    static let chunkSize = 1 << 18
}
