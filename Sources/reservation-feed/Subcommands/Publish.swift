import ArgumentParser
import CommandOptions

/// `reservation-feed publish INPUT... --calendar URL`: checks the command line, then hands it to
/// the publishing program beside this one (`reservation-feed-publisher`), which replaces this
/// process.
struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep the events of reservations in step inside a CalDAV calendar.",
        discussion: PublishOptions.discussion)

    @OptionGroup var options: PublishOptions

    func run() throws {
        try SiblingProgram(name: "reservation-feed-publisher").handOver(after: "publish", naming: true)
    }
}
