import Chrono

/// How long an event lasts when the reservation gives no end. Each value can be overridden.
///
/// | category | default |
/// |---|---|
/// | flight | 3 hours |
/// | lodging | until 11:00 the day after check-in (all-day stays: one night) |
/// | rental car | 24 hours |
/// | restaurant | 2 hours |
/// | ticketed event | 2 hours; films 2 hours 30 minutes |
/// | train, bus, boat | 2 hours |
public struct DefaultDurations: Sendable, Hashable {
    /// A flight, in seconds.
    public var flight: Int64 = 3 * 3600
    /// The time of day a stay ends on the day after check-in.
    public var lodgingCheckOut: LocalTime = LocalTime(hour: 11, minute: 0)!
    /// A rental car, in seconds.
    public var rentalCar: Int64 = 24 * 3600
    /// A restaurant table, in seconds.
    public var restaurant: Int64 = 2 * 3600
    /// A ticketed event that is not a film, in seconds.
    public var ticketedEvent: Int64 = 2 * 3600
    /// A film, in seconds.
    public var movie: Int64 = 2 * 3600 + 30 * 60
    /// A train, bus or boat trip, in seconds.
    public var transit: Int64 = 2 * 3600

    /// The defaults in the table above.
    public init() {}
}
