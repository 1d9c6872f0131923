import Diagnostics
import ICalendar

/// What one run of ``FeedBuilder`` assembled, before it becomes a ``FeedDocument`` or a file.
struct FeedAssembly {
    /// The events, in feed order.
    var entries: [FeedEntry] = []
    var changes = FeedChanges()
    var diagnostics: [Diagnostic] = []
    var skipped: [SkippedReservation] = []
    /// The zones the events use, with their years.
    var timeZones = TimeZoneSpans()
    /// Where the texts of `.spooled` entries are.
    var spool: TextSpool?

    /// Appends the text of an entry to `buffer`.
    func appendText(of entry: FeedEntry, to buffer: inout [UInt8]) throws(FeedError) {
        switch entry.text {
        case .bytes(let bytes): buffer += bytes
        case .spooled(let range): try spool?.read(range, appendingTo: &buffer)
        case nil: break
        }
    }
}

extension FeedAssembly {
    /// Takes in what a step gave, once it is known to be the first claim on its UID.
    mutating func record(_ step: FeedEntryMaker.Step, spool: TextSpool?) throws(FeedError) {
        switch step.outcome {
        case .nothing:
            break
        case .skipped(let skipped):
            self.skipped.append(skipped)
        case .removed:
            if let uid = step.uid { changes.record(.removed, of: uid) }
        case .entry(var entry, let change):
            if let spool, case .bytes(let bytes) = entry.text { entry.text = .spooled(try spool.append(bytes)) }
            entries.append(entry)
            timeZones.include(entry.start)
            if let end = entry.end { timeZones.include(end) }
            changes.record(change, of: entry.uid)
        }
    }
}
