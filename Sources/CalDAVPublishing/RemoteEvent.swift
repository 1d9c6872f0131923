import EventModel
import Foundation
import ICalendar

/// One event resource of the calendar, as the server has it.
public struct RemoteEvent: Sendable, Hashable {
    /// Where it is.
    public var url: URL
    /// Its ETag: the precondition for replacing or deleting it.
    public var entityTag: String?
    /// Its (first) event, or `nil` when it holds none that can be read.
    public var event: CalendarEvent?
    /// The digest its event carries when this package published it (``ContentDigest``).
    var publishedDigest: String?

    /// A resource and its event.
    public init(url: URL, entityTag: String?, event: CalendarEvent?, publishedDigest: String? = nil) {
        self.url = url
        self.entityTag = entityTag
        self.event = event
        self.publishedDigest = publishedDigest
    }

    /// Reads a resource's iCalendar text.
    public init(url: URL, entityTag: String?, calendarData: String) {
        let document = try? ICalendarReader(keeping: [ContentDigest.propertyName]).read(calendarData)
        let event = document?.events.first
        self.init(
            url: url, entityTag: entityTag, event: event,
            publishedDigest: event.flatMap { document?.extensions[$0.uid]?[ContentDigest.propertyName] })
    }

    /// Whether this package published it: it carries the published digest. Events without it
    /// belong to the person or to other programs, and are never changed.
    var isPublished: Bool { event != nil && publishedDigest != nil }

    /// Whether someone changed it since it was published.
    ///
    /// Two signs tell: its content no longer gives the digest it carries (an edit to the title,
    /// the times, the notes...), or its ETag differs from the one this package last saw although
    /// its content is the same (an edit to something publishing does not write, such as an
    /// attendee); the second needs the record of a previous run.
    func isEdited(since record: PublishState.Record?) -> Bool {
        guard let event, let published = publishedDigest else { return false }
        let current = ContentDigest.of(event)
        if current != published { return true }
        if let record, !record.deletedInCalendar, record.digest == current, let seen = record.entityTag, let entityTag,
            seen != entityTag
        {
            return true
        }
        return false
    }
}
