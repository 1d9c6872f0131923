/// The kind of time a zone's clocks keep for a while: the UTC offset, whether it is daylight
/// saving time, and its abbreviation (`CEST`, `+0545`), as a VTIMEZONE's STANDARD and DAYLIGHT
/// components describe them.
public struct ZoneObservance: Sendable, Hashable {
    /// The offset from UTC.
    public let offset: UTCOffset
    /// Whether the tz database marks it as daylight saving time (which for some zones, such as
    /// Africa/Casablanca, is the lower offset of the two).
    public let isDaylight: Bool
    /// The abbreviation the tz database gives it; may be a number such as `+01`.
    public let abbreviation: String

    /// Creates an observance.
    public init(offset: UTCOffset, isDaylight: Bool, abbreviation: String) {
        self.offset = offset
        self.isDaylight = isDaylight
        self.abbreviation = abbreviation
    }
}

/// A moment when a zone's clocks change from one observance to another.
public struct ZoneTransition: Sendable, Hashable {
    /// When the change happens.
    public let instant: Instant
    /// What was in force just before.
    public let before: ZoneObservance
    /// What is in force from the change on.
    public let after: ZoneObservance

    /// Creates a transition.
    public init(instant: Instant, before: ZoneObservance, after: ZoneObservance) {
        self.instant = instant
        self.before = before
        self.after = after
    }

    /// The wall time at which the change happens, on the clocks from before it (how a VTIMEZONE's
    /// DTSTART states it).
    public var localOnset: LocalDateTime {
        instant.localDateTime(at: before.offset)
    }
}
