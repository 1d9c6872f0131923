import ArgumentParser
import Foundation
import ReservationFeed

/// `reservation-feed generate INPUT... --output FEED.ics`
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the events of reservations to an iCalendar feed.",
        discussion: """
            Each reservation becomes one event. A problem in one input is reported with its file, \
            JSON path and line, and the other inputs are still written (exit status 1). When an \
            input is missing or no event can be made, nothing is written (exit status 2). An \
            existing feed is replaced in one step, never left half-written.
            """
    )

    @Argument(help: "Files, folders (read recursively, *.json), or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to write, or - for standard output.", valueName: "feed.ics"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "The time of generation, written as each event's DTSTAMP (default: now). Pin it for reproducible output.",
            valueName: "ISO 8601 date-time with offset"))
    var now: String?

    @Option(help: ArgumentHelp("The calendar's name, as subscribers see it.", valueName: "name"))
    var name: String = FeedOptions().calendarName

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("Name at least one input: a file, a folder, or - for standard input.")
        }
        guard !output.isEmpty else { throw ValidationError("--output needs a file name, or - for standard output.") }
        _ = try generationTime()
    }

    func run() throws {
        var options = FeedOptions()
        options.calendarName = name
        let destination: FeedDestination = output == "-" ? .standardOutput : .file(output)
        do {
            let report = try FeedGenerator(options: options).generate(
                inputs: inputs, to: destination, now: try generationTime(), report: { StandardError.print($0.description) })
            StandardError.print(report.summary)
            if report.hasErrors { throw ExitCode.inputErrors }
        } catch let error as FeedError {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
    }

    /// `--now` as an instant: it needs a UTC offset, `Z` or a zone to say which moment it is.
    private func generationTime() throws -> Instant {
        guard let now else { return .now }
        do {
            return try Instant(iso8601: now)
        } catch {
            throw ValidationError("--now: \(error)")
        }
    }
}
