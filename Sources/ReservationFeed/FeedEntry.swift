import ICalendar

/// One event of a feed being built: what ordering and the VTIMEZONEs need, and the event itself
/// or its text (a feed written to a file keeps only the text, to keep memory small).
struct FeedEntry: Sendable {
    var uid: String
    var start: EventTime
    var end: EventTime?
    /// The instant of the start, which orders the feed (then the UID).
    var sortKey: Instant
    /// The event, when the builder keeps values.
    var event: CalendarEvent?
    /// The VEVENT text, when the builder renders: new, or a slice of the previous feed's text.
    var text: ArraySlice<UInt8>?

    init(_ event: CalendarEvent, keepingEvent: Bool, text: ArraySlice<UInt8>?) {
        uid = event.uid
        start = event.start
        end = event.end
        sortKey = event.start.instant
        self.event = keepingEvent ? event : nil
        self.text = text
    }

    /// Whether this entry goes before `other` in the feed.
    func precedes(_ other: FeedEntry) -> Bool {
        (sortKey, uid) < (other.sortKey, other.uid)
    }
}

/// What one run of ``FeedBuilder`` assembled, before it becomes a ``Feed`` or a file.
struct FeedAssembly: Sendable {
    /// The events, in feed order.
    var entries: [FeedEntry] = []
    var changes = FeedChanges()
    var diagnostics: [Diagnostic] = []
    var skipped: [SkippedReservation] = []
    /// The zones the events use, with their years.
    var timeZones = TimeZoneSpans()
}

extension FeedAssembly {
    /// Takes in what a step gave, once it is known to be the first claim on its UID.
    mutating func record(_ step: FeedRun.Step) {
        switch step.outcome {
        case .nothing:
            break
        case .skipped(let skipped):
            self.skipped.append(skipped)
        case .removed:
            if let uid = step.uid { changes.removed.append(uid) }
        case .entry(let entry, let change):
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
