/// Why an existing feed could not be read back.
public enum ICalendarReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an iCalendar object libical can parse.
    case notICalendar(String)
    /// One event could not be read: `has no UID`.
    case unreadableEvent(String)

    /// Why, in words that follow the name of what failed: `has no UID`.
    public var reason: String {
        switch self {
        case .notICalendar(let reason): "is not iCalendar: \(reason)"
        case .unreadableEvent(let reason): reason
        }
    }

    public var description: String {
        switch self {
        case .notICalendar(let reason): "not an iCalendar file: \(reason)"
        case .unreadableEvent(let reason): "an event \(reason)"
        }
    }
}
