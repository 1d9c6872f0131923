import ArgumentParser
import ReservationFeed

extension MissingEventPolicy: ExpressibleByArgument {}

/// The options that shape a feed, shared by `generate` and `serve`.
public struct FeedShapingOptions: ParsableArguments {
    public init() {}

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

    @Option(
        help: ArgumentHelp(
            "How often subscribers should fetch the feed again, as an ISO 8601 duration (REFRESH-INTERVAL, X-PUBLISHED-TTL), or none.",
            valueName: "duration"))
    var refresh: String = "PT6H"

    @Option(
        help: ArgumentHelp(
            "How many threads read large inputs and make events at once (default: every processor). The feed is the same whatever the number.",
            valueName: "count"))
    var jobs: Int?

    public func validate() throws {
        guard (0...3_652_059).contains(keepPast) else { throw ValidationError("--keep-past needs a number of days, 0 to 3652059 (the whole calendar).") }
        guard wait >= 0 else { throw ValidationError("--wait needs a number of seconds, 0 or more.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs a number of threads, 1 or more.") }
        _ = try refreshInterval()
    }

    /// The feed options these settings give, on top of the inputs' own.
    public func apply(to options: inout FeedOptions) throws {
        options.calendarName = name
        options.missing = missing
        options.keepPastDays = keepPast
        options.allowShrink = allowShrink
        options.refreshInterval = try refreshInterval()
    }

    /// The generator these settings and the inputs' give.
    public func generator(
        input: InputOptions, splitFolder: String? = nil, quiet: Bool = false, progress: TerminalProgress? = nil
    ) throws -> FeedGenerator {
        var options = try input.feedOptions()
        try apply(to: &options)
        var generator = FeedGenerator(options: options, importer: try input.importer(progress: progress), lockWait: wait, splitFolder: splitFolder)
        generator.mailboxes = input.mailboxes(quiet: quiet)
        if let jobs {
            generator.concurrency = jobs
            generator.importer.schemaOrgReader.concurrency = jobs
        }
        return generator
    }

    private func refreshInterval() throws -> Int64? {
        if refresh == "none" { return nil }
        guard let seconds = ISO8601Duration.seconds(refresh), seconds > 0 else {
            throw ValidationError("--refresh: expected an ISO 8601 duration such as PT6H or P1D, or none; found \(refresh)")
        }
        // A year is longer than any calendar waits between refreshes; beyond it, clients' own
        // arithmetic wraps (P1000000000000W came out P24855DT3H14M7S).
        guard seconds <= 366 * 86_400 else { throw ValidationError("--refresh: at most P366D; found \(refresh)") }
        return seconds
    }
}
