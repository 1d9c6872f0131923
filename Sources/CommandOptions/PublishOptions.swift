import ArgumentParser
import Foundation

/// The options of `publish`: the command line's, and the publishing program's it hands them to.
public struct PublishOptions: ParsableArguments {
    public init() {}

    @OptionGroup public var input: InputOptions

    @Option(help: ArgumentHelp("The CalDAV calendar collection to publish into (https://…/calendars/ada/trips/).", valueName: "url"))
    public var calendar: String

    @Option(help: ArgumentHelp("The user name (default: the login of the calendar's host in ~/.netrc).", valueName: "name"))
    public var user: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the password on its first line, readable by its owner only (mode 0600). Else RESERVATION_FEED_CALDAV_PASSWORD, else ~/.netrc.",
            valueName: "file"))
    public var passwordFile: String?

    @OptionGroup public var feed: FeedShapingOptions

    @Option(
        help: ArgumentHelp(
            "What to do with an event edited in the calendar whose reservation changed too: keep the person's version (reported), or overwrite it.",
            valueName: "keep|overwrite"))
    public var onConflict: String = "keep"

    @Option(
        help: ArgumentHelp(
            "Where the run remembers ETags and the events deleted in the calendar (default: under $XDG_STATE_HOME or ~/.local/state/reservation-feed/publish).",
            valueName: "file"))
    public var state: String?

    @Flag(help: "Print what would be created, updated, cancelled, deleted or left alone; write nothing.")
    public var dryRun = false

    @Flag(name: .shortAndLong, help: "Print errors only: no summary and no warnings (for cron).")
    public var quiet = false

    public func validate() throws {
        guard let url = URL(string: calendar), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
        else {
            throw ValidationError("--calendar needs the calendar's http:// or https:// URL; found \(calendar)")
        }
        if url.password != nil || url.user != nil {
            throw ValidationError(
                "--calendar: put no user or password in the URL (command lines are visible to every user of the machine); use --user with --password-file, RESERVATION_FEED_CALDAV_PASSWORD or ~/.netrc")
        }
        guard ["keep", "overwrite"].contains(onConflict) else { throw ValidationError("--on-conflict: keep or overwrite; found \(onConflict)") }
    }

    /// What `publish` says of itself in `--help`.
    public static let discussion = """
        Makes the events as generate does and keeps them in step inside a CalDAV calendar \
        (Nextcloud, Fastmail, iCloud, Radicale...), one resource per event: new events are \
        created, changed ones replaced (SEQUENCE + 1), and events whose reservation left the \
        input are cancelled or deleted (--missing). Only what changed travels. Events this tool \
        did not write are never touched; an event someone edited in the calendar keeps the edit \
        (--on-conflict), and one the person deleted is not published again unless its \
        reservation changes. Events that ended stay in the calendar as they are. Exit status: 0 \
        done; 1 some events not written (the next run writes them) or inputs with errors; 2 \
        nothing could be done (credentials refused, not a calendar, server down).
        """
}
