import EventModel

/// An event as publishing puts it in a calendar: the event, with the digest of its content that
/// marks it as this package's (``ContentDigest``, written as `X-RESERVATION-FEED-DIGEST`). The
/// digest is publishing's own: the event value carries nothing only publishing needs.
public struct PublishedEvent: Sendable, Hashable {
    /// The event.
    public var event: CalendarEvent
    /// The digest of its content.
    public var digest: String

    /// An event and its digest.
    public init(_ event: CalendarEvent, digest: String) {
        self.event = event
        self.digest = digest
    }

    /// The event's UID.
    public var uid: String { event.uid }

    /// The non-standard property the resource carries the digest in.
    var extensions: [String: String] { [ContentDigest.propertyName: digest] }
}
