import ArgumentParser
import ProgramSupport
import ReservationFeed

/// What `generate` does: one feed written from the inputs, its summary and diagnostics on
/// standard error.
public struct GenerateRun {
    /// The command line.
    let options: GenerateOptions

    public init(_ options: GenerateOptions) {
        self.options = options
    }

    /// Writes the feed; exit status 1 when some inputs had errors, 2 when nothing was written.
    public func run() throws {
        let destination: FeedDestination = options.output == "-" ? .standardOutput : .file(options.output)
        let quiet = options.quiet
        // A first run over a large mailbox gives KDE's extractor many documents: a person at a
        // terminal sees how many, on a line erased before anything else is said.
        let progress = TerminalProgress.onTerminal(quiet: quiet)
        let generator = try options.feed.generator(input: options.input, file: options.file, view: options.view, splitFolder: options.split, quiet: quiet, progress: progress)
        do {
            let report = try generator.generate(inputs: options.input.inputs, to: destination, now: try options.input.moment()) { diagnostic in
                guard !quiet || diagnostic.severity == .error else { return }
                progress?.clear()
                StandardError.print(diagnostic.description(.commandLine))
            }
            progress?.clear()
            if !quiet { StandardError.print(report.summary) }
            if report.hasErrors { throw ExitCode.inputErrors }
        } catch let error as FeedError {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
    }
}
