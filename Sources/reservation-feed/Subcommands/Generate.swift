import ArgumentParser
import Foundation
import ReservationFeed

/// `reservation-feed generate INPUT... --output FEED.ics`
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the events of reservations to an iCalendar feed.",
        discussion: """
            Each confirmed reservation that has not ended becomes one event. A problem in one input \
            is reported with its file, JSON path and line, and the other inputs are still written \
            (exit status 1). When an input is missing or no event can be made, nothing is written \
            (exit status 2). An existing feed is replaced in one step, never left half-written.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to write, or - for standard output.", valueName: "feed.ics"))
    var output: String

    @Option(help: ArgumentHelp("The calendar's name, as subscribers see it.", valueName: "name"))
    var name: String = FeedOptions().calendarName

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a file name, or - for standard output.") }
    }

    func run() throws {
        var options = try input.feedOptions()
        options.calendarName = name
        let destination: FeedDestination = output == "-" ? .standardOutput : .file(output)
        do {
            let report = try FeedGenerator(options: options).generate(
                inputs: input.inputs, to: destination, now: try input.moment(), report: { StandardError.print($0.description) })
            StandardError.print(report.summary)
            if report.hasErrors { throw ExitCode.inputErrors }
        } catch let error as FeedError {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
    }
}
