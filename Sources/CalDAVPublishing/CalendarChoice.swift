import CalDAV
import Diagnostics
import Foundation

/// Which calendar a publishing run writes into, from the address the person gave and, when
/// given, a calendar's name (`--calendar-name`).
///
/// - An address that is a calendar, without a name: that calendar.
/// - Any address of the account with a name: the account's calendar of that display name, made
///   (``CalDAVAccount/makeCalendar(named:in:)``) when there is none.
/// - An address that is not a calendar, without a name: an error that lists the account's
///   calendars, so that the person can choose one.
public struct CalendarChoice: Sendable {
    /// The account, at the address the person gave.
    public var account: CalDAVAccount
    /// The display name asked for, if any.
    public var name: String?
    /// Whether a missing calendar may be made (not in a dry run).
    public var mayCreate: Bool
    /// Why the server makes no calendars, where it makes none (Google Calendar takes no
    /// `MKCALENDAR`): a missing calendar is then an error that says so.
    public var makesNoCalendars: String?

    public init(account: CalDAVAccount, name: String?, mayCreate: Bool = true) {
        self.account = account
        self.name = name
        self.mayCreate = mayCreate
    }

    /// What was chosen.
    public struct Chosen: Sendable, Hashable {
        /// The calendar.
        public var calendar: CalDAVCalendar
        /// How it was found.
        public var how: How
    }

    /// How the calendar was found.
    public enum How: Sendable, Hashable {
        /// The address was the calendar.
        case given
        /// Found by its name in the account.
        case found
        /// Made by this run.
        case created
        /// Missing, and to be made by a run that writes (a dry run makes nothing).
        case wouldCreate
    }

    /// Chooses the calendar.
    ///
    /// - Throws: ``PublishError/notACalendar(url:calendars:)`` for an address that is no
    ///   calendar without a name, ``PublishError/calendarChoice(_:)`` when the name is ambiguous
    ///   or names a calendar that takes no events, ``PublishError/calendar(_:)`` when the server
    ///   refuses, cannot be reached or shows no account.
    public func choose() async throws(PublishError) -> Chosen {
        guard let name else {
            if let calendar = try await asking({ () async throws(CalDAVError) in try await account.calendar(at: account.address) }) {
                try Self.check(calendar)
                return Chosen(calendar: calendar, how: .given)
            }
            let directory: CalDAVAccount.Directory
            do {
                directory = try await account.discover()
            } catch .noAccount {
                throw .calendar(.notACalendar(url: account.address.absoluteString))
            } catch {
                throw .calendar(error)
            }
            throw .notACalendar(url: account.address.absoluteString, calendars: directory.calendars)
        }
        let directory = try await asking { () async throws(CalDAVError) in try await account.discover() }
        let wanted = name.trimmingCharacters(in: .whitespaces)
        let named = directory.calendars.filter { $0.displayName != nil }
        var matches = named.filter { $0.name == wanted }
        if matches.isEmpty {
            matches = named.filter { $0.name.compare(wanted, options: [.caseInsensitive]) == .orderedSame }
        }
        if matches.count > 1 {
            let usable = matches.filter(\.isUsable)
            guard usable.count == 1 else {
                throw .calendarChoice(
                    "the account has \(matches.count) calendars named \(wanted): \(matches.map(\.url.absoluteString).joined(separator: ", ")); give one of them with \(setting: Setting("calendar", "URL"))")
            }
            matches = usable
        }
        if let calendar = matches.first {
            try Self.check(calendar)
            return Chosen(calendar: calendar, how: .found)
        }
        if let makesNoCalendars {
            let names = named.filter(\.isUsable).map(\.name)
            throw .calendarChoice(
                "the account has no calendar named \(wanted), and \(makesNoCalendars)"
                    + (names.isEmpty ? "" : " (its calendars: \(names.joined(separator: ", ")))"))
        }
        guard mayCreate else {
            let home = directory.homes.first ?? account.address
            // Where a writing run would make it (its name could be taken by then: `-2`...).
            let url = URL(string: CalDAVAccount.slug(wanted) + "/", relativeTo: home)?.absoluteURL ?? home
            return Chosen(calendar: CalDAVCalendar(url: url, displayName: wanted), how: .wouldCreate)
        }
        let made = try await asking { () async throws(CalDAVError) in try await account.makeCalendar(named: wanted, in: directory) }
        return Chosen(calendar: made, how: .created)
    }

    /// A request to the server, its error as publishing's.
    private func asking<T>(_ request: () async throws(CalDAVError) -> T) async throws(PublishError) -> T {
        do {
            return try await request()
        } catch {
            throw .calendar(error)
        }
    }

    private static func check(_ calendar: CalDAVCalendar) throws(PublishError) {
        if !calendar.acceptsEvents {
            throw .calendarChoice("\(calendar.url.absoluteString) (\(calendar.name)) takes no events (a task list?); choose a calendar for events")
        }
        if calendar.isWritable == false {
            throw .calendarChoice("\(calendar.url.absoluteString) (\(calendar.name)) is read-only for this user")
        }
    }
}
