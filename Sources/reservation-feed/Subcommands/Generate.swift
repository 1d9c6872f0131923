import ArgumentParser
import Programs
import Foundation
import ProgramSupport
import ReservationFeed

/// `reservation-feed generate INPUT... --output FEED.ics`
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the events of reservations to an iCalendar feed, updating it in place.",
        discussion: """
            Each confirmed reservation that has not ended becomes one event. When the feed exists, \
            it is read back and updated in place: unchanged events stay byte for byte, changed ones \
            keep their UID and get a higher SEQUENCE, and events whose reservation left the input \
            are cancelled (--missing). A problem in one input is reported with its file, JSON path \
            and line, and the other inputs are still written (exit status 1). When an input is \
            missing, no event can be made, or the feed would lose more than half its live events, \
            nothing is written (exit status 2). The feed is replaced in one step under a lock, never \
            left half-written.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to write, or - for standard output.", valueName: "feed.ics"))
    var output: String

    @OptionGroup var feed: FeedShapingOptions

    @OptionGroup var file: FeedFileOptions

    @Option(help: ArgumentHelp("Also keep one .ics file per event in this folder, in step with the feed.", valueName: "folder"))
    var split: String?

    @Flag(name: .shortAndLong, help: "Print errors only: no summary and no warnings (for cron).")
    var quiet = false

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a file name, or - for standard output.") }
        if split != nil, output == "-" {
            throw ValidationError("--split keeps event files in step with a feed file; it needs --output FILE, not -.")
        }
    }

    func run() throws {
        let destination: FeedDestination = output == "-" ? .standardOutput : .file(output)
        // A first run over a large mailbox gives KDE's extractor many documents: a person at a
        // terminal sees how many, on a line erased before anything else is said.
        let progress = TerminalProgress.onTerminal(quiet: quiet)
        let generator = try feed.generator(input: input, file: file, splitFolder: split, quiet: quiet, progress: progress)
        do {
            let report = try generator.generate(inputs: input.inputs, to: destination, now: try input.moment()) { diagnostic in
                guard !quiet || diagnostic.severity == .error else { return }
                progress?.clear()
                StandardError.print(diagnostic.description)
            }
            progress?.clear()
            if !quiet { StandardError.print(report.summary) }
            if report.hasErrors { throw ExitCode.inputErrors }
        } catch let error as FeedError {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
    }
}
