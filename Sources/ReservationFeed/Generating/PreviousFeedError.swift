import Basics
import Diagnostics
import ICalendar
import ReservationImport

/// Why the feed as it was cannot be read back (``FeedError/previousFeed(_:)``).
public enum PreviousFeedError: Error, Sendable, Equatable, DiagnosticMessageConvertible {
    /// The file cannot be read.
    case unreadable(path: String, FileReadError)
    /// The file is not iCalendar.
    case notICalendar(ICalendarReadError)

    public var description: String { message.description }

    /// Why, kept as its parts until it is said.
    public var message: DiagnosticMessage {
        switch self {
        case .unreadable(let path, let error): "cannot read \(path): \(error)"
        case .notICalendar(let error): "\(error)"
        }
    }
}

/// The name this error had before 0.9.0.
@available(*, deprecated, renamed: "PreviousFeedError")
public typealias PreviousFeedProblem = PreviousFeedError
