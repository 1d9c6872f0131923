/// Choices for a feed.
public struct FeedOptions: Sendable, Hashable {
    /// The calendar's name as subscribers see it.
    public var calendarName: String
    /// What the calendar is.
    public var calendarDescription: String?
    /// Whether pending and held bookings are written (as tentative events). Siri leaves them out
    /// until they are confirmed, and so does a feed by default.
    public var includeUnconfirmed: Bool
    /// How reservations become events, including the language.
    public var synthesis: SynthesisOptions

    /// Creates options.
    public init(
        calendarName: String = "Reservations",
        calendarDescription: String? = "Flights, stays, rentals, tables, tickets and trips, from reservation-feed",
        includeUnconfirmed: Bool = false, synthesis: SynthesisOptions = .default
    ) {
        self.calendarName = calendarName
        self.calendarDescription = calendarDescription
        self.includeUnconfirmed = includeUnconfirmed
        self.synthesis = synthesis
    }
}
