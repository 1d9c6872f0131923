import Chrono

/// How long an event lasts when the reservation gives no end. Each value can be overridden.
///
/// | category | default |
/// |---|---|
/// | flight | estimated from the great-circle distance between the airports when both are known: 30 minutes plus the distance at 800 km/h, rounded up to 5 minutes; else 3 hours |
/// | lodging | until 11:00 the day after check-in (a stay given by dates: one night) |
/// | rental car | 24 hours |
/// | restaurant | 2 hours |
/// | ticketed event | 2 hours; films 2 hours 30 minutes |
/// | train, bus, boat | 2 hours |
public struct DefaultDurations: Sendable, Hashable {
    /// A flight whose airports are not both known, in seconds.
    public var flight: Int64 = 3 * 3600
    /// The average speed of a flight from gate to gate, for the estimate, in km/h.
    public var flightSpeed: Double = 800
    /// The time a flight spends taxiing, climbing and landing, for the estimate, in seconds.
    public var flightOverhead: Int64 = 30 * 60
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

    /// The estimated length of a flight over a distance, in seconds: the overhead plus the
    /// distance at ``flightSpeed``, rounded up to 5 minutes.
    public func flight(kilometres: Double) -> Int64 {
        let seconds = Double(flightOverhead) + kilometres / flightSpeed * 3600
        return Int64((seconds / 300).rounded(.up)) * 300
    }
}
