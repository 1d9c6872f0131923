/// Why an existing feed could not be read back.
public enum ICalendarReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an iCalendar object libical can parse.
    case notICalendar(String)

    public var description: String {
        switch self {
        case .notICalendar(let reason): "not an iCalendar file: \(reason)"
        }
    }
}
