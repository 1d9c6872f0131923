import ICalendar

/// The feed as it was before this run: the events subscribers have, to update in place.
public struct PreviousFeed: Sendable {
    /// Its events, in file order.
    public var events: [CalendarEvent]
    /// Events that could not be read back, with why.
    public var problems: [String]

    /// Reads a feed's iCalendar text, through libical.
    ///
    /// - Throws: ``FeedError/previousFeed(_:)`` when the text is not iCalendar.
    public init(iCalendar text: String) throws(FeedError) {
        do {
            let document = try ICalendarReader().read(text)
            events = document.events
            problems = document.problems
        } catch {
            throw .previousFeed(error.description)
        }
    }

    /// A previous feed made of these events.
    public init(events: [CalendarEvent]) {
        self.events = events
        problems = []
    }
}
