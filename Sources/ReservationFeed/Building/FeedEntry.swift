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
