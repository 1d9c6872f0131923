import EventModel

/// A feed read back: its events as values, and what could not be read.
public struct ICalendarDocument: Sendable {
    /// The events, in file order.
    public var events: [CalendarEvent]
    /// Events that were skipped, with why: `the VEVENT at position 3 has no UID`.
    public var problems: [String]

    /// Creates a document.
    public init(events: [CalendarEvent], problems: [String] = []) {
        self.events = events
        self.problems = problems
    }
}
