import ICalendar

/// What the entries of a feed being built carry: the events themselves, for a ``FeedDocument``
/// value (``EventValues``, what ``FeedBuilder/build(from:previous:now:inputIsComplete:withheld:)``
/// hands back), or only their text, for a file (``EventTexts``, what ``FeedGenerator`` writes).
/// The steps that decide each event are the same for both (``FeedEntryMaker``); the form only
/// says what each entry keeps.
protocol FeedEntryForm: Sendable {
    /// The entry of a new or changed event.
    ///
    /// - Throws: When the event cannot be written (a form that renders).
    func entry(of event: CalendarEvent, writer: ICalendarWriter, stamp: Instant) throws -> FeedEntry

    /// The entry of an event that did not change, whose text in the previous feed is `oldText`.
    func unchangedEntry(of event: CalendarEvent, oldText: ArraySlice<UInt8>) -> FeedEntry

    /// The entry of an event of the previous feed that cannot be written again, as its very
    /// bytes; `nil` where entries are values, which those bytes cannot be.
    func verbatimEntry(of event: CalendarEvent, text: ArraySlice<UInt8>) -> FeedEntry?
}

/// Entries that keep their events: a feed as a value.
struct EventValues: FeedEntryForm {
    func entry(of event: CalendarEvent, writer: ICalendarWriter, stamp: Instant) -> FeedEntry {
        FeedEntry(event, keepingEvent: true, text: nil)
    }

    func unchangedEntry(of event: CalendarEvent, oldText: ArraySlice<UInt8>) -> FeedEntry {
        FeedEntry(event, keepingEvent: true, text: nil)
    }

    func verbatimEntry(of event: CalendarEvent, text: ArraySlice<UInt8>) -> FeedEntry? {
        nil
    }
}

/// Entries that keep only their text, rendered as they are made: a feed for a file, whose events
/// need not stay in memory.
struct EventTexts: FeedEntryForm {
    func entry(of event: CalendarEvent, writer: ICalendarWriter, stamp: Instant) throws -> FeedEntry {
        FeedEntry(event, keepingEvent: false, text: try writer.eventText(event, stamp: stamp)[...])
    }

    func unchangedEntry(of event: CalendarEvent, oldText: ArraySlice<UInt8>) -> FeedEntry {
        FeedEntry(event, keepingEvent: false, text: oldText)
    }

    func verbatimEntry(of event: CalendarEvent, text: ArraySlice<UInt8>) -> FeedEntry? {
        FeedEntry(event, keepingEvent: false, text: text)
    }
}
