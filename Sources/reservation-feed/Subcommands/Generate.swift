import ArgumentParser
import Programs

/// `reservation-feed generate INPUT... --output FEED.ics`
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the events of reservations to an iCalendar feed, updating it in place.",
        discussion: GenerateOptions.discussion)

    @OptionGroup var options: GenerateOptions

    func run() throws {
        try GenerateRun(options).run()
    }
}
