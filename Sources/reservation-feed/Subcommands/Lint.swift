import ArgumentParser
import Programs

/// `reservation-feed lint INPUT... [--format text|json]`
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check reservations and say what a feed would make of them, without writing one.",
        discussion: LintOptions.discussion)

    @OptionGroup var options: LintOptions

    func run() throws {
        try LintRun(options).run()
    }
}
