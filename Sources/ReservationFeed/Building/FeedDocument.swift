import ICalendar

/// A feed built in memory: the calendar's properties and its events, ready to be written.
public struct FeedDocument: Sendable, Hashable {
    /// What the calendar says about itself.
    public var properties: CalendarProperties
    /// The events, ordered by start and then UID.
    public var events: [CalendarEvent]
    /// When the feed was generated: the DTSTAMP of events that carry none.
    public var generated: Instant

    /// Creates a feed.
    public init(properties: CalendarProperties, events: [CalendarEvent], generated: Instant) {
        self.properties = properties
        self.events = events
        self.generated = generated
    }

    /// Writes the feed as iCalendar text, handing it to `output` in pieces of UTF-8.
    ///
    /// - Throws: `ICalendarError` when libical cannot build a component, or whatever
    ///   `output` throws.
    public func write(to output: ([UInt8]) throws -> Void) throws {
        try ICalendarWriter().write(properties, events: events, stamp: generated, to: output)
    }

    /// The feed as one iCalendar text.
    public func iCalendarText() throws -> String {
        var text: [UInt8] = []
        try write { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }
}
