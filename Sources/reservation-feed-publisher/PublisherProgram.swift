import ArgumentParser
import CommandOptions
import ProgramSupport
import ReservationFeed

/// The publishing program: `reservation-feed publish` and `reservation-feed calendars` hand over
/// to it, so that the HTTP client is loaded only by the runs that speak CalDAV.
@main
struct PublisherProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reservation-feed",
        abstract: "Speak CalDAV: publish reservations into a calendar, list an account's calendars.",
        version: ReservationFeedVersion.number,
        subcommands: [PublishCommand.self, CalendarsCommand.self])

    /// Runs the command; usage errors exit 2.
    static func main() async {
        await mainWithUsageStatus()
    }
}
