import Chrono

/// A calendar event as plain values, with no C in sight: what synthesis produces from a
/// reservation and what the iCalendar layer writes as a `VEVENT`.
public struct CalendarEvent: Sendable, Hashable {
    /// The identity of the event across every version of the feed (`UID`).
    public var uid: String
    /// The title (`SUMMARY`).
    public var summary: String
    /// The notes (`DESCRIPTION`), lines separated by `\n`.
    public var notes: String?
    /// Where to go, as text (`LOCATION`).
    public var location: String?
    /// Where to go, as a point (`GEO`).
    public var geo: GeoCoordinate?
    /// Where to go, for Apple Calendar's maps and travel time.
    public var structuredLocation: StructuredLocation?
    /// When it starts.
    public var start: EventTime
    /// When it ends; for dates, the first day after the event.
    public var end: EventTime?
    /// Confirmed, tentative or cancelled; `nil` writes no `STATUS`.
    public var status: EventStatus?
    /// Whether the event makes the time busy.
    public var transparency: Transparency
    /// How long it takes to get there, in seconds: Apple Calendar shows it as a block before the
    /// event and reminds when to leave (`X-APPLE-TRAVEL-DURATION`); other clients ignore it.
    public var travelTime: Int?
    /// A web page about the booking (`URL`).
    public var url: String?
    /// Reminders.
    public var alarms: [EventAlarm]
    /// Categories (`CATEGORIES`), such as `Flight`.
    public var categories: [String]
    /// The revision number (`SEQUENCE`): 0 at first, one more at each change.
    public var sequence: Int
    /// When this revision was written (`DTSTAMP`); the feed's generation time when `nil`.
    public var stamp: Instant?
    /// When the event last changed (`LAST-MODIFIED`).
    public var lastModified: Instant?
    /// The organization whose e-mail made the booking (`united.com`), which alone (with other
    /// known booking senders and the person) may change it; `nil` when the person's own inputs
    /// made it, or nothing is known. Written as `X-RESERVATION-FEED-BOOKED-BY`, so that the feed
    /// remembers it from run to run.
    public var bookedBy: String?
    /// What changed about the event, newest first (`Departure: …, was 8:00 AM (changed …)`):
    /// written at the top of its notes, before a blank line, and counted in
    /// `X-RESERVATION-FEED-CHANGES` so that the next version finds them and keeps them.
    public var changeNotes: [String] = []
    /// The events of the feed this one gathers or joins (`RELATED-TO`): a trip's bookings, a
    /// connection's two legs. Empty for a booking's own event.
    public var relations: [EventRelation] = []

    /// Whether the event is made from other events of the feed (a trip, a connection) rather
    /// than from a booking of its own.
    public var isDerived: Bool { !relations.isEmpty }

    /// Creates an event.
    public init(
        uid: String, summary: String, start: EventTime, end: EventTime? = nil, notes: String? = nil,
        location: String? = nil, geo: GeoCoordinate? = nil, structuredLocation: StructuredLocation? = nil,
        status: EventStatus? = nil, transparency: Transparency = .opaque, travelTime: Int? = nil, url: String? = nil,
        alarms: [EventAlarm] = [], categories: [String] = [], sequence: Int = 0, stamp: Instant? = nil,
        lastModified: Instant? = nil, bookedBy: String? = nil
    ) {
        self.uid = uid
        self.summary = summary
        self.start = start
        self.end = end
        self.notes = notes
        self.location = location
        self.geo = geo
        self.structuredLocation = structuredLocation
        self.status = status
        self.transparency = transparency
        self.travelTime = travelTime
        self.url = url
        self.alarms = alarms
        self.categories = categories
        self.sequence = sequence
        self.stamp = stamp
        self.lastModified = lastModified
        self.bookedBy = bookedBy
    }
}

extension CalendarEvent {
    /// When the event is over: its end, or its start when it has none.
    public var endInstant: Instant {
        (end ?? start).instant
    }
}
