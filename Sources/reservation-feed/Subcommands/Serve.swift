import ArgumentParser
import Programs

/// `reservation-feed serve INPUT... --output FEED.ics`: the feed kept current and served over
/// HTTP under a secret URL, following its inputs and taking donations.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Keep a feed current and serve it to calendars that subscribe by URL.",
        discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        try await ServeRun(options).run()
    }
}
