import ICalendar

/// One event of a feed being built: what ordering and the VTIMEZONEs need, and the event itself
/// or its text (a feed written to a file keeps only the text, to keep memory small).
struct FeedEntry: Sendable {
    var uid: String
    var start: EventTime
    var end: EventTime?
    /// The instant of the start, which orders the feed (then the UID).
    var sortKey: Instant
    /// The event, when the builder keeps values (boxed: entries are sorted, and a feed of
    /// rendered entries has no use for 280 bytes of empty space in each).
    private var boxed: EventBox?
    /// The VEVENT text, when the builder renders.
    var text: Text?

    /// Where an entry's text is.
    enum Text: Sendable {
        /// In memory: new, or a slice of the previous feed's text.
        case bytes(ArraySlice<UInt8>)
        /// Set aside in the run's ``TextSpool``.
        case spooled(Range<Int>)
    }

    private final class EventBox: Sendable {
        let event: CalendarEvent
        init(_ event: CalendarEvent) { self.event = event }
    }

    /// The event, when the builder keeps values.
    var event: CalendarEvent? { boxed?.event }

    init(_ event: CalendarEvent, keepingEvent: Bool, text: ArraySlice<UInt8>?) {
        uid = event.uid
        start = event.start
        end = event.end
        sortKey = event.start.instant
        boxed = keepingEvent ? EventBox(event) : nil
        self.text = text.map { .bytes($0) }
    }

    /// Whether this entry goes before `other` in the feed.
    func precedes(_ other: FeedEntry) -> Bool {
        (sortKey, uid) < (other.sortKey, other.uid)
    }
}

/// What one run of ``FeedBuilder`` assembled, before it becomes a ``Feed`` or a file.
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
    mutating func record(_ step: FeedRun.Step, spool: TextSpool?) throws(FeedError) {
        switch step.outcome {
        case .nothing:
            break
        case .skipped(let skipped):
            self.skipped.append(skipped)
        case .removed:
            if let uid = step.uid { changes.removed.append(uid) }
        case .entry(var entry, let change):
            if let spool, case .bytes(let bytes) = entry.text { entry.text = .spooled(try spool.append(bytes)) }
            entries.append(entry)
            timeZones.include(entry.start)
            if let end = entry.end { timeZones.include(end) }
            switch change {
            case .added: changes.added.append(entry.uid)
            case .updated: changes.updated.append(entry.uid)
            case .cancelled: changes.cancelled.append(entry.uid)
            case .unchanged: changes.unchanged.append(entry.uid)
            }
        }
    }
}

extension SkippedReservation.Reason {
    /// Whether the reservation was left out as pending or held.
    var isUnconfirmed: Bool {
        if case .unconfirmed = self { true } else { false }
    }
}
