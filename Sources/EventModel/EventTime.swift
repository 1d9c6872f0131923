import Chrono

/// When an event starts or ends, in one of the four forms iCalendar has.
public enum EventTime: Sendable, Hashable, CustomStringConvertible {
    /// A whole day: `DTSTART;VALUE=DATE:20300616`. An end date is exclusive, as RFC 5545 says.
    case date(LocalDate)
    /// A wall time in an IANA zone, with the UTC offset in force then:
    /// `DTSTART;TZID=Europe/Helsinki:20300616T150500`.
    ///
    /// The offset says which instant is meant when the wall time occurs twice (the hour that
    /// repeats when clocks go back); make values with ``zoned(_:in:)`` or ``zoned(instant:in:)``,
    /// which work it out.
    case zoned(LocalDateTime, timeZone: String, offset: UTCOffset)
    /// A time in UTC: `DTSTART:20300616T120500Z`.
    case utc(LocalDateTime)
    /// A wall time with no zone, shown at the same clock time wherever the viewer is:
    /// `DTSTART:20300616T150500`. A last resort, for inputs that give no zone and no offset.
    case floating(LocalDateTime)

    /// A wall time in a zone, read as RFC 5545 reads it: a time that occurs twice means its first
    /// occurrence, and a time that does not occur (clocks going forward) becomes the wall time of
    /// the instant RFC 5545 gives it (02:30 on the night of 02:00 → 03:00 is 03:30).
    ///
    /// An unknown zone keeps the wall time, at offset zero.
    public static func zoned(_ local: LocalDateTime, in zone: String) -> EventTime {
        guard let reading = TimeZoneRules.reading(of: local, in: zone) else { return .zoned(local, timeZone: zone, offset: .zero) }
        if case .skipped(let instant, let offset) = reading {
            return .zoned(instant.localDateTime(at: offset), timeZone: zone, offset: offset)
        }
        return .zoned(local, timeZone: zone, offset: reading.offset)
    }

    /// An instant as the clocks of a zone show it, or `nil` for an unknown zone.
    public static func zoned(instant: Instant, in zone: String) -> EventTime? {
        guard let offset = TimeZoneRules.offset(in: zone, at: instant) else { return nil }
        return .zoned(instant.localDateTime(at: offset), timeZone: zone, offset: offset)
    }

    /// The instant this time stands for. Dates and floating times are read as if at UTC, which
    /// is good enough to order events and to decide how old they are.
    public var instant: Instant {
        switch self {
        case .date(let date):
            return LocalDateTime(date: date, time: .midnight).instant(at: .zero)
        case .zoned(let local, _, let offset):
            return local.instant(at: offset)
        case .utc(let local), .floating(let local):
            return local.instant(at: .zero)
        }
    }

    /// The IANA zone, for a zoned time.
    public var timeZone: String? {
        if case .zoned(_, let zone, _) = self { zone } else { nil }
    }

    /// The wall time, for every form but a date.
    public var localDateTime: LocalDateTime? {
        switch self {
        case .date: nil
        case .zoned(let local, _, _), .utc(let local), .floating(let local): local
        }
    }

    /// Whether this is a whole day.
    var isDate: Bool {
        if case .date = self { true } else { false }
    }

    /// Whether this is a zoned time whose wall time occurs twice in its zone (the hour that repeats
    /// when clocks go back). Clients disagree on such times written with a TZID (RFC 5545 reads
    /// the first occurrence, Thunderbird the second), so they are written in UTC.
    public var isRepeatedWallTime: Bool {
        guard case .zoned(let local, let zone, _) = self else { return false }
        return TimeZoneRules.reading(of: local, in: zone)?.isRepeated ?? false
    }

    public var description: String {
        switch self {
        case .date(let date): date.description
        case .zoned(let local, let zone, let offset):
            // The offset only where the wall time alone does not say which instant is meant.
            isRepeatedWallTime ? "\(local)\(offset)[\(zone)]" : "\(local)[\(zone)]"
        case .utc(let local): "\(local)Z"
        case .floating(let local): local.description
        }
    }
}
