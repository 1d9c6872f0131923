import ArgumentParser
import Foundation
import ProgramSupport
import ReservationFeed

/// What `lint` does: the findings on the inputs, on standard output as text or JSON.
public struct LintRun {
    /// The command line.
    let options: LintOptions

    public init(_ options: LintOptions) {
        self.options = options
    }

    /// Prints the findings; exit status 1 when there are some, 2 when nothing could be read.
    public func run() throws {
        let input = options.input
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
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
        let text = options.format == .json ? report.json(in: .commandLine) : report.text(in: .commandLine)
        FileHandle.standardOutput.write(Data(text.utf8))
        if !report.isClean { throw ExitCode.inputErrors }
    }
}
