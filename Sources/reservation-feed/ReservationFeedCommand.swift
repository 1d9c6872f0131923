import ArgumentParser
import CommandOptions
import Foundation
import ReservationFeed

/// `reservation-feed`: turns reservations into calendar events and iCalendar feeds.
///
/// Exit status: 0 success; 1 some inputs had errors (reported, the rest still written);
/// 2 usage or fatal error (nothing written).
@main
struct ReservationFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reservation-feed",
        abstract: "Turn reservations into calendar events and iCalendar feeds.",
        discussion: """
            Reads reservations (flights, stays, rental cars, restaurant tables, tickets, and train, \
            bus and boat trips) and writes them as calendar events, the way Siri Event Suggestions \
            does on Apple devices.

            Exit status: 0 success; 1 some inputs had errors (reported, the rest still written); \
            2 usage or fatal error (nothing written).
            """,
        version: ReservationFeedVersion.number,
        subcommands: [Generate.self, Lint.self, Serve.self]
    )

    /// Runs the command, with usage errors exiting 2 (argument-parser uses 64) so that scripts
    /// see one status for "nothing was written".
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            StandardError.print(fullMessage(for: error))
            Foundation.exit(ExitCode.usage.rawValue)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
