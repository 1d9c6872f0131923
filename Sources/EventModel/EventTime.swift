import Chrono

/// When an event starts or ends, in one of the four forms iCalendar has.
public enum EventTime: Sendable, Hashable, CustomStringConvertible {
    /// A whole day: `DTSTART;VALUE=DATE:20300616`. An end date is exclusive, as RFC 5545 says.
    case date(LocalDate)
    /// A wall time in an IANA zone: `DTSTART;TZID=Europe/Helsinki:20300616T150500`.
    case zoned(LocalDateTime, timeZone: String)
    /// A time in UTC: `DTSTART:20300616T120500Z`.
    case utc(LocalDateTime)
    /// A wall time with no zone, shown at the same clock time wherever the viewer is:
    /// `DTSTART:20300616T150500`. A last resort, for inputs that give no zone and no offset.
    case floating(LocalDateTime)

    /// The instant this time stands for. Dates and floating times are read as if at UTC, which
    /// is good enough to order events and to decide how old they are.
    public var instant: Instant {
        switch self {
        case .date(let date):
            return LocalDateTime(date: date, time: .midnight).instant(at: .zero)
        case .zoned(let local, let zone):
            return TimeZoneRules.instant(of: local, in: zone) ?? local.instant(at: .zero)
        case .utc(let local), .floating(let local):
            return local.instant(at: .zero)
        }
    }

    /// The IANA zone, for a zoned time.
    public var timeZone: String? {
        if case .zoned(_, let zone) = self { zone } else { nil }
    }

    /// Whether this is a whole day.
    public var isDate: Bool {
        if case .date = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .date(let date): date.description
        case .zoned(let local, let zone): "\(local)[\(zone)]"
        case .utc(let local): "\(local)Z"
        case .floating(let local): local.description
        }
    }
}
