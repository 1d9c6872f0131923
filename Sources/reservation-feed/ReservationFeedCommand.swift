import ArgumentParser
import ProgramSupport
import Programs
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
        subcommands: [Generate.self, Lint.self, Serve.self, Publish.self, Calendars.self, Account.self]
    )

    /// Runs the command; usage errors exit 2. `generate` and `lint` run as they are, on the
    /// main thread; `serve`, `publish`, `calendars` and `account` as async code on the concurrency pool.
    static func main() {
        mainWithUsageStatus()
    }
}
