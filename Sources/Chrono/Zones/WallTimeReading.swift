/// What a wall-clock time means in a time zone: one instant, two (it falls in the hour that
/// repeats when clocks go back), or none (it falls in the hour skipped when they go forward).
///
/// ```swift
/// TimeZoneRules.reading(of: LocalDateTime(year: 2027, month: 10, day: 31, hour: 2, minute: 30)!,
///                       in: "Europe/Berlin")
/// // .repeated(first: 2027-10-31T00:30:00Z, +02:00, second: 2027-10-31T01:30:00Z, +01:00)
/// ```
public enum WallTimeReading: Sendable, Hashable {
    /// The wall time occurs once, at this instant and offset.
    case once(Instant, offset: UTCOffset)
    /// The wall time occurs twice: first before the clocks go back, then after.
    case repeated(first: Instant, firstOffset: UTCOffset, second: Instant, secondOffset: UTCOffset)
    /// The wall time does not occur; the instant is how RFC 5545 reads it (with the offset in
    /// force before the gap), and `offset` the one in force at that instant (after the gap).
    case skipped(Instant, offset: UTCOffset)

    /// The instant RFC 5545 (section 3.3.5) gives the wall time: its only occurrence, the first of
    /// two, or, for a skipped time, the one read with the offset from before the gap.
    public var instant: Instant {
        switch self {
        case .once(let instant, _), .skipped(let instant, _): instant
        case .repeated(let first, _, _, _): first
        }
    }

    /// The offset in force at ``instant``.
    public var offset: UTCOffset {
        switch self {
        case .once(_, let offset), .skipped(_, let offset): offset
        case .repeated(_, let offset, _, _): offset
        }
    }

    /// Whether the wall time occurs twice.
    public var isRepeated: Bool {
        if case .repeated = self { true } else { false }
    }
}
