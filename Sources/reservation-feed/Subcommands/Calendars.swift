import ArgumentParser
import CalDAV
import CalDAVPublishing
import Programs
import Foundation
import ProgramSupport

/// `reservation-feed calendars URL`: the calendars of an account, one per line.
struct Calendars: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendars",
        abstract: "List the calendars of a CalDAV account.",
        discussion: CalendarsOptions.discussion)

    @OptionGroup var options: CalendarsOptions

    func run() async throws {
        // validate() checked the URL.
        let url = URL(string: options.address)!
        let credentials = try options.account.credentials(for: url)
        let account = CalDAVAccount(address: url, credentials: credentials)
        let calendars: [CalDAVCalendar]
        do {
            calendars = try await account.discover().calendars
        } catch {
            StandardError.print("error: \(error)")
            if case .refused = error { AccountOptions.explainMissing(credentials) }
            throw ExitCode.usage
        }
        if isatty(STDOUT_FILENO) != 0 { print("NAME\tURL\tEVENTS") }
        for calendar in calendars {
            print("\(calendar.name.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " "))\t\(calendar.url.absoluteString)\t\(Self.usability(calendar))")
        }
        if calendars.isEmpty { StandardError.print("The account has no calendars yet (publish --calendar-name NAME makes one).") }
    }

    /// `yes`, or why events cannot be published into it.
    static func usability(_ calendar: CalDAVCalendar) -> String {
        if !calendar.acceptsEvents { return "no (takes no events)" }
        if calendar.isWritable == false { return "no (read-only)" }
        return "yes"
    }
}
