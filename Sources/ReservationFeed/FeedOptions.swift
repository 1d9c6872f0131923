/// Choices for a feed.
public struct FeedOptions: Sendable, Hashable {
    /// The calendar's name as subscribers see it.
    public var calendarName: String
    /// What the calendar is.
    public var calendarDescription: String?
    /// How reservations become events.
    public var synthesis: SynthesisOptions

    /// Creates options.
    public init(
        calendarName: String = "Reservations",
        calendarDescription: String? = "Flights, stays, rentals, tables, tickets and trips, from reservation-feed",
        synthesis: SynthesisOptions = .default
    ) {
        self.calendarName = calendarName
        self.calendarDescription = calendarDescription
        self.synthesis = synthesis
    }
}
