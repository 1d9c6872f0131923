import ArgumentParser
import Foundation

/// The options of `publish`: the command line's, and the publishing program's it hands them to.
public struct PublishOptions: ParsableArguments {
    public init() {}

    @OptionGroup var input: InputOptions

    @Option(
        help: ArgumentHelp(
            "The calendar (https://…/calendars/ada/trips/), or the account's or the server's address (https://caldav.fastmail.com/) with --calendar-name; with --account of a Google sign-in, its CalDAV address by default.",
            valueName: "url"))
    var calendar: String?

    @Option(
        help: ArgumentHelp(
            "The name of the account's calendar to publish into; made when the account has none of that name.", valueName: "name"))
    var calendarName: String?

    @OptionGroup var account: AccountOptions

    @OptionGroup var feed: FeedShapingOptions

    @OptionGroup var view: ViewOptions

    @Option(
        help: ArgumentHelp(
            "What to do with an event edited in the calendar whose reservation changed too: keep the person's version (reported), or overwrite it.",
            valueName: "keep|overwrite"))
    var onConflict: String = "keep"

    @Option(
        help: ArgumentHelp(
            "Where the run remembers ETags and the events deleted in the calendar (default: under $XDG_STATE_HOME or ~/.local/state/reservation-feed/publish).",
            valueName: "file"))
    var state: String?

    @Flag(help: "Print what would be created, updated, cancelled, deleted or left alone; write nothing.")
    var dryRun = false

    @Flag(name: .shortAndLong, help: "Print errors only: no summary and no warnings (for cron).")
    var quiet = false

    @Flag(
        help: "List every event of the calendar at each run, instead of asking the server what changed since the last run (sync-collection), for a server whose changes cannot be trusted.")
    var fullListing = false

    @Flag(help: "Keep running after the first publish, and publish each change of the inputs within seconds (until SIGTERM or SIGINT).")
    var follow = false

    @Option(help: ArgumentHelp("With --follow: how often the inputs are compared whole, besides the system's notices of changes.", valueName: "seconds"))
    var rescan: Int = 30

    public func validate() throws {
        if let calendar {
            _ = try Self.serverURL(calendar, option: "--calendar")
        } else if account.account == nil {
            throw ValidationError("--calendar is needed: the calendar's, the account's or the server's address (or --account of a Google sign-in)")
        }
        if let calendarName, calendarName.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--calendar-name: the name is empty") }
        if follow, dryRun { throw ValidationError("--follow writes; it cannot go with --dry-run") }
        if follow, input.inputs.contains("-") { throw ValidationError("--follow watches files, folders and mailboxes; standard input (-) cannot be watched") }
        guard rescan > 0 else { throw ValidationError("--rescan: a number of seconds above 0; found \(rescan)") }
        guard ["keep", "overwrite"].contains(onConflict) else { throw ValidationError("--on-conflict: keep or overwrite; found \(onConflict)") }
    }

    /// A server's address as given on the command line: http or https, with a host, without
    /// credentials in it.
    static func serverURL(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
        else {
            throw ValidationError("\(option) needs an http:// or https:// URL; found \(text)")
        }
        if url.password != nil || url.user != nil {
            throw ValidationError(
                "\(option): put no user or password in the URL (command lines are visible to every user of the machine); use --user with --password-file, RESERVATION_FEED_CALDAV_PASSWORD or ~/.netrc")
        }
        return url
    }

    /// What `publish` says of itself in `--help`.
    public static let discussion = """
        Makes the events as generate does and keeps them in step inside a CalDAV calendar \
        (Nextcloud, Fastmail, iCloud, Radicale...), one resource per event. --calendar takes the \
        calendar's URL, or the server's address with --calendar-name, which finds the calendar \
        of that name in the account (as calendar clients do) or makes it. With --follow the \
        run stays, and publishes each change of its inputs (files, folders, mailboxes) within \
        seconds; a server that is away is tried again, less often as it stays away. Each run: new events are \
        created, changed ones replaced (SEQUENCE + 1), and events whose reservation left the \
        input are cancelled or deleted (--missing). Only what changed travels. Events this tool \
        did not write are never touched; an event someone edited in the calendar keeps the edit \
        (--on-conflict), and one the person deleted is not published again unless its \
        reservation changes. Events that ended stay in the calendar as they are. Exit status: 0 \
        done; 1 some events not written (the next run writes them) or inputs with errors; 2 \
        nothing could be done (credentials refused, not a calendar, server down; with --follow, \
        only at the start).
        """
}
