import EventModel

/// A feed read back: its events as values, and what could not be read.
public struct ICalendarDocument: Sendable {
    /// The events, in file order.
    public var events: [CalendarEvent]
    /// Events that were skipped, with why: `the VEVENT at position 3 has no UID`.
    public var problems: [String]
    /// The non-standard properties the reader was asked to keep, by event UID and property name
    /// (the first event of a UID's).
    public var extensions: [String: [String: String]]

    /// Creates a document.
    public init(events: [CalendarEvent], problems: [String] = [], extensions: [String: [String: String]] = [:]) {
        self.events = events
        self.problems = problems
        self.extensions = extensions
    }
}
