import ArgumentParser
import ReservationFeed

/// What only a feed file has, for the commands that write one (`generate`, `serve`): the name
/// subscribers see and how often they fetch it again. `publish` writes events into a calendar
/// that has its own name (`--calendar-name`) and is not fetched, so it offers neither.
struct FeedFileOptions: ParsableArguments {
    init() {}

    @Option(help: ArgumentHelp("The calendar's name, as subscribers see it.", valueName: "name"))
    var name: String = FeedOptions().calendarName

    @Option(
        help: ArgumentHelp(
            "How often subscribers should fetch the feed again, as an ISO 8601 duration (REFRESH-INTERVAL, X-PUBLISHED-TTL), or none.",
            valueName: "duration"))
    var refresh: String = "PT6H"

    func validate() throws {
        _ = try refreshInterval()
    }

    /// The feed options these settings give.
    func apply(to options: inout FeedOptions) throws {
        options.calendarName = name
        options.refreshInterval = try refreshInterval()
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
