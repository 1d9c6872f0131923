import ArgumentParser
import CalDAV
import Foundation
import ProgramSupport

/// What `calendars` does: the calendars of an account, one per line on standard output.
public struct CalendarsRun {
    /// The command line.
    let options: CalendarsOptions

    public init(_ options: CalendarsOptions) {
        self.options = options
    }

    /// Lists the calendars; exit status 2 when none could be listed.
    public func run() async throws {
        // validate() parsed it, or there is a sign-in to take it from.
        let url = try options.address.map { try PublishOptions.serverURL($0, option: "the address") } ?? options.account.serviceAddress(for: "the address")
        let credentials = try options.account.credentials(for: url)
        let account = CalDAVAccount(address: url, credentials: credentials)
        let calendars: [CalDAVCalendar]
        do {
            calendars = try await account.discover().calendars
        } catch {
            StandardError.print("error: \(said(error))")
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
