import ArgumentParser
import Programs
import Foundation
import ProgramSupport
import ReservationFeed

/// `reservation-feed lint INPUT... [--format text|json]`
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check reservations and say what a feed would make of them, without writing one.",
        discussion: """
            Reports, with file, JSON path and line: inputs that cannot be read, missing start times, \
            arrivals before departures, offsets that contradict a zone, unknown airport codes, times \
            with no zone, duplicate item references, and reservations a feed leaves out (unconfirmed \
            or already ended). Exit status: 0 nothing found; 1 findings; 2 usage or fatal error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var input: InputOptions

    @Option(help: "How to print the findings.")
    var format: Format = .text

    func run() throws {
        let report: LintReport
        // The findings come at the end; until then, a terminal sees KDE's extractor's progress.
        let progress = TerminalProgress.onTerminal(quiet: false)
        do {
            var linter = ReservationLinter(options: try input.feedOptions(), importer: try input.importer(progress: progress))
            linter.mailboxes = input.mailboxes()
            report = try linter.lint(inputs: input.inputs, now: try input.moment())
            progress?.clear()
        } catch let error as FeedError {
            progress?.clear()
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
        let text = format == .json ? report.json() : report.text
        FileHandle.standardOutput.write(Data(text.utf8))
        if !report.isClean { throw ExitCode.inputErrors }
    }
}
