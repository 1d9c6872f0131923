import ArgumentParser
import Programs

/// `reservation-feed calendars URL`: the calendars of an account, one per line.
struct Calendars: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendars",
        abstract: "List the calendars of a CalDAV account.",
        discussion: CalendarsOptions.discussion)

    @OptionGroup var options: CalendarsOptions

    func run() async throws {
        try await CalendarsRun(options).run()
    }
}
