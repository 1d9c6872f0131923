import CalDAV
import Diagnostics
import ReservationFeed

/// Why a publishing run did nothing at all.
public enum PublishError: Error, Sendable, DiagnosticMessageConvertible {
    /// The inputs could not be read, or the calendar would lose more than half of its live
    /// events (the same guard as the feed's: ``FeedError/shrink(previousLive:remaining:)``).
    case feed(FeedError)
    /// The calendar could not be checked or listed: refused credentials, not a calendar, a
    /// server that does not answer.
    case calendar(CalDAVError)
    /// The address is an account's, not a calendar, and no calendar was named: the account's
    /// calendars are listed to choose from.
    case notACalendar(url: String, calendars: [CalDAVCalendar])
    /// The calendar named cannot be used: two have the name, or it takes no events, or it is
    /// read-only.
    case calendarChoice(DiagnosticMessage)
    /// The state file cannot be read or written.
    case state(path: String, reason: String)

    /// Whether a later run may succeed without the person doing anything: the server away,
    /// busy, failing, refusing for now, or answering what cannot be read (a broken proxy, a
    /// listing nested past the depth read). (Refused credentials count: a server may refuse while
    /// its account store is down; a watcher tries again, slowly.)
    public var mayPass: Bool {
        guard case .calendar(let error) = self else { return false }
        if case .credentialsWithheld = error { return false }
        if case .noToken(_, _, let mayPass) = error { return mayPass }
        if case .unreadable = error { return true }
        return error.isTransient || error.isServerWide
    }

    /// Whether the server could not be reached at all, as opposed to answering no.
    public var isUnreachable: Bool {
        guard case .calendar(let error) = self else { return false }
        return error.isTransient
    }

    public var description: String { message.description }

    /// What went wrong, kept as its parts until it is said.
    public var message: DiagnosticMessage {
        switch self {
        case .feed(let error): error.message
        case .calendar(let error): "\(error); nothing was published"
        case .notACalendar(let url, let calendars):
            if calendars.isEmpty {
                "\(url) is not a calendar, and the account has none yet; nothing was published. Name one with \(setting: Setting("calendar-name", "NAME")) to make it."
            } else {
                "\(url) is not a calendar; nothing was published. The account's calendars:\n"
                    + "\(calendars.map { "  \($0.name)\t\($0.url.absoluteString)\($0.isUsable ? "" : $0.acceptsEvents ? "\t(read-only)" : "\t(takes no events)")\n" }.joined())"
                    + "Give one with \(setting: Setting("calendar", "URL")), or its name with \(setting: Setting("calendar-name", "NAME")) (a new name makes a new calendar)."
            }
        case .calendarChoice(let reason): "\(reason); nothing was published"
        case .state(let path, let reason): "the publishing state \(path) \(reason)"
        }
    }
}
