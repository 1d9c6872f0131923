import ICalendar
import ReservationImport

/// Why the feed as it was cannot be read back (``FeedError/previousFeed(_:)``).
public enum PreviousFeedProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, FileContents.ReadError)
    /// The file is not iCalendar.
    case notICalendar(ICalendarReadError)

    public var description: String {
        switch self {
        case .unreadable(let path, let error): "cannot read \(path): \(error.reason)"
        case .notICalendar(let error): error.description
        }
    }
}
