import EventSynthesis

/// What one run of ``FeedGenerator`` did.
public struct FeedGenerationReport: Sendable {
    /// How many input files (or standard input) were read.
    public var inputCount: Int
    /// How many messages of mailboxes (mbox files, IMAP folders) among the inputs were read.
    public var messageCount: Int = 0
    /// How many reservations were read from them.
    public var reservationCount: Int
    /// How many events the feed holds.
    public var eventCount: Int
    /// Where the feed went.
    public var destination: FeedDestination
    /// How the feed changed.
    public var changes: FeedChanges
    /// Errors and warnings, in input order.
    public var diagnostics: [Diagnostic]
    /// Reservations left out as unconfirmed or already ended.
    public var skipped: [SkippedReservation]
    /// With a split folder: how many per-event files were written and removed.
    public var eventFiles: (written: Int, removed: Int)?
    /// Whether the feed's file already held these bytes, and was left untouched (its inode and
    /// modification time as they were).
    public var fileKept = false
    /// What became of the other views written in the same run
    /// (``FeedGenerator/generate(inputs:to:views:now:report:)``): each one's report, or why it
    /// was not written. Their diagnostics are the main feed's, and are not repeated there.
    public var views: [FeedView: Result<FeedGenerationReport, FeedError>] = [:]

    /// Whether an input had errors (the run's exit status is then 1).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// One line for the end of a run:
    /// `Wrote 8 events to trip.ics: 8 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (8 reservations from 8 inputs)`,
    /// or, when the file already held the feed, `Left trip.ics untouched, 8 events: …`.
    public var summary: String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        var read = "\(count(reservationCount, "reservation", "reservations")) from \(count(inputCount, "input", "inputs"))"
        if messageCount > 0 { read += " holding \(count(messageCount, "message", "messages"))" }
        let unconfirmed = skipped.filter { if case .unconfirmed = $0.reason { true } else { false } }.count
        let unverified = skipped.filter { $0.reason == .unverifiedSender }.count
        let ended = skipped.count - unconfirmed - unverified
        let reasons = [
            unconfirmed > 0 ? "\(unconfirmed) unconfirmed" : nil, ended > 0 ? "\(ended) already ended" : nil,
            unverified > 0 ? "\(unverified) from unverified or unknown senders" : nil,
        ].compactMap { $0 }
        if !reasons.isEmpty { read += "; skipped \(reasons.joined(separator: ", "))" }
        var line =
            fileKept
            ? "Left \(destination) untouched, \(count(eventCount, "event", "events")): \(changes) (\(read))"
            : "Wrote \(count(eventCount, "event", "events")) to \(destination): \(changes) (\(read))"
        if let eventFiles {
            line += "; event files: \(eventFiles.written) written, \(eventFiles.removed) removed"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if errors > 0 || warnings > 0 {
            line += "; \(count(errors, "error", "errors")), \(count(warnings, "warning", "warnings"))"
        }
        return line
    }
}
