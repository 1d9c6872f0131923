import CalDAV
import ReservationFeed

/// Why a publishing run did nothing at all.
public enum PublishError: Error, Sendable, CustomStringConvertible {
    /// The inputs could not be read, or the calendar would lose more than half of its live
    /// events (the same guard as the feed's: ``FeedError/shrink(previousLive:remaining:)``).
    case feed(FeedError)
    /// The calendar could not be checked or listed: refused credentials, not a calendar, a
    /// server that does not answer.
    case calendar(CalDAVError)
    /// The state file cannot be read or written.
    case state(path: String, reason: String)

    public var description: String {
        switch self {
        case .feed(let error): "\(error)"
        case .calendar(let error): "\(error); nothing was published"
        case .state(let path, let reason): "the publishing state \(path) \(reason)"
        }
    }
}
