/// Why a feed could not be written as iCalendar.
public enum ICalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system's tz database (through libical) has no data for the zone.
    case unknownTimeZone(String)
    /// libical refused to build a property or component; the text says which.
    case libical(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let zone):
            "no time-zone data for \(zone) (is the tzdata package installed?)"
        case .libical(let what):
            "libical could not build \(what)"
        }
    }
}
