/// Why a feed could not be written as iCalendar.
public enum ICalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system's tz database (through libical) has no data for the zone.
    case unknownTimeZone(String)
    /// libical refused to build a property or component; the text says which.
    case libical(String)
    /// A date outside the years iCalendar programs accept (libical: 0 to 3000).
    case outOfRange(property: String, value: String)
    /// A non-standard property whose name is not `X-…`, or whose value is not plain.
    case extensionProperty(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let zone):
            "no time-zone data for \(zone) (is the tzdata package installed?)"
        case .libical(let what):
            "libical could not build \(what)"
        case .outOfRange(let property, let value):
            "its \(property) \(value) is outside the years \(EventRules.supportedYears.lowerBound)–\(EventRules.supportedYears.upperBound) calendars accept"
        case .extensionProperty(let name):
            "the property \(name) needs an X- name and a value of letters, digits and -_.:/+=@"
        }
    }
}
