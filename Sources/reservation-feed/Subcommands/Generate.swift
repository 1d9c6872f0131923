import ArgumentParser
import Foundation
import ReservationFeed

extension MissingEventPolicy: ExpressibleByArgument {}

/// `reservation-feed generate INPUT... --output FEED.ics`
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(help: ArgumentHelp("The calendar's name, as subscribers see it.", valueName: "name"))
    var name: String = FeedOptions().calendarName

    @Option(help: "What happens to events whose reservation is no longer in the input: cancel (a tombstone subscribers see), keep, or drop.")
    var missing: MissingEventPolicy = .cancel

    @Option(name: .customLong("keep-past"), help: ArgumentHelp("How many days an event stays after it ended.", valueName: "days"))
    var keepPast: Int = FeedOptions().keepPastDays

    @Flag(help: "Allow the feed to lose more than half of its live events in this run (or all of them).")
    var allowShrink = false

    @Option(help: ArgumentHelp("How long to wait for another run writing the same feed.", valueName: "seconds"))
    var wait: Int = 60

    @Option(help: ArgumentHelp("Also keep one .ics file per event in this folder, in step with the feed.", valueName: "folder"))
    var split: String?

    @Option(
        help: ArgumentHelp(
            "How often subscribers should fetch the feed again, as an ISO 8601 duration (REFRESH-INTERVAL, X-PUBLISHED-TTL), or none.",
            valueName: "duration"))
    var refresh: String = "PT6H"

    @Option(
        help: ArgumentHelp(
            "How many threads make events at once (default: every processor). The feed is the same whatever the number.",
            valueName: "count"))
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print errors only: no summary and no warnings (for cron).")
    var quiet = false

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a file name, or - for standard output.") }
        guard keepPast >= 0 else { throw ValidationError("--keep-past needs a number of days, 0 or more.") }
        guard wait >= 0 else { throw ValidationError("--wait needs a number of seconds, 0 or more.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs a number of threads, 1 or more.") }
        _ = try refreshInterval()
        if split != nil, output == "-" {
            throw ValidationError("--split keeps event files in step with a feed file; it needs --output FILE, not -.")
        }
    }

    func run() throws {
        var options = try input.feedOptions()
        options.calendarName = name
        options.missing = missing
        options.keepPastDays = keepPast
        options.allowShrink = allowShrink
        options.refreshInterval = try refreshInterval()
        let destination: FeedDestination = output == "-" ? .standardOutput : .file(output)
        var generator = FeedGenerator(
            options: options, importer: try input.importer(), lockWait: wait, splitFolder: split)
        if let jobs { generator.concurrency = jobs }
        do {
            let report = try generator.generate(inputs: input.inputs, to: destination, now: try input.moment()) { diagnostic in
                if !quiet || diagnostic.severity == .error { StandardError.print(diagnostic.description) }
            }
            if !quiet { StandardError.print(report.summary) }
            if report.hasErrors { throw ExitCode.inputErrors }
        } catch let error as FeedError {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
    }

    private func refreshInterval() throws -> Int64? {
        if refresh == "none" { return nil }
        guard let seconds = ISO8601Duration.seconds(refresh), seconds > 0 else {
            throw ValidationError("--refresh: expected an ISO 8601 duration such as PT6H or P1D, or none; found \(refresh)")
        }
        return seconds
    }
}
