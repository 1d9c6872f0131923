import ArgumentParser
import CommandOptions

/// `reservation-feed calendars URL`: checks the command line, then hands it to the publishing
/// program beside this one (`reservation-feed-publisher`), which speaks CalDAV.
struct Calendars: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the calendars of a CalDAV account.",
        discussion: CalendarsOptions.discussion)

    @OptionGroup var options: CalendarsOptions

    func run() throws {
        try SiblingProgram(name: "reservation-feed-publisher").handOver(after: "calendars", naming: true)
    }
}
