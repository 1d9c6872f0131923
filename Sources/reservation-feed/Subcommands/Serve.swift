import ArgumentParser
import CommandOptions

/// `reservation-feed serve INPUT... --output FEED.ics`: checks the command line, then hands it to
/// the server program beside this one (`reservation-feed-server`), which replaces this process.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep a feed current and serve it to calendars that subscribe by URL.",
        discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() throws {
        try SiblingProgram(name: "reservation-feed-server").handOver(after: "serve")
    }
}
