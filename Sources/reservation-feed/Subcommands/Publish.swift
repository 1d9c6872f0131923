import ArgumentParser
import Programs

/// `reservation-feed publish`: the events of reservations kept in step inside a CalDAV calendar,
/// once or, with `--follow`, after each change of the inputs.
struct Publish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Keep the events of reservations in step inside a CalDAV calendar.",
        discussion: PublishOptions.discussion)

    @OptionGroup var options: PublishOptions

    func run() async throws {
        try await PublishRun(options).run()
    }
}
