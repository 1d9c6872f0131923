/// Choices for a feed.
public struct FeedOptions: Sendable, Hashable {
    /// The calendar's name as subscribers see it.
    public var calendarName: String
    /// What the calendar is.
    public var calendarDescription: String?
    /// How often subscribers should fetch the feed again, in seconds (`REFRESH-INTERVAL` and
    /// `X-PUBLISHED-TTL`); `nil` writes neither. Clients treat it as a hint.
    public var refreshInterval: Int64?
    /// Whether pending and held bookings are written (as tentative events). Siri leaves them out
    /// until they are confirmed, and so does a feed by default.
    public var includeUnconfirmed: Bool
    /// What happens to events of the previous feed that the input no longer has.
    public var missing: MissingEventPolicy
    /// How many days after its end an event stays in the feed.
    public var keepPastDays: Int
    /// Whether a feed may lose more than half of its live events in one run (or all of them).
    /// Off by default, so that an empty or half-mounted input folder cannot wipe a calendar.
    public var allowShrink: Bool
    /// How reservations become events, including the language.
    public var synthesis: SynthesisOptions
    /// Whose bookings the feed holds: the people named (each matched as names are written, see
    /// `PersonName`: case, accents, `Lovelace, Ada`, titles), against each
    /// booking's holder and travellers; a booking that names nobody is kept. Empty (the default)
    /// for everyone's.
    public var travellers: [String]

    /// Creates options.
    public init(
        calendarName: String = "Reservations",
        calendarDescription: String? = "Flights, stays, rentals, tables, tickets and trips, from reservation-feed",
        refreshInterval: Int64? = 6 * 3600, includeUnconfirmed: Bool = false, missing: MissingEventPolicy = .cancel,
        keepPastDays: Int = 30, allowShrink: Bool = false, synthesis: SynthesisOptions = .default, travellers: [String] = []
    ) {
        self.travellers = travellers
        self.calendarName = calendarName
        self.calendarDescription = calendarDescription
        self.refreshInterval = refreshInterval
        self.includeUnconfirmed = includeUnconfirmed
        self.missing = missing
        self.keepPastDays = keepPastDays
        self.allowShrink = allowShrink
        self.synthesis = synthesis
    }

    /// The calendar's own properties for these options.
    public var calendarProperties: CalendarProperties {
        CalendarProperties(
            productIdentifier: ReservationFeedVersion.productIdentifier, name: calendarName, description: calendarDescription,
            refreshInterval: refreshInterval)
    }
}
