import ArgumentParser
import Foundation

/// The options of `calendars`: the command line's, and the publishing program's it hands them to.
public struct CalendarsOptions: ParsableArguments {
    public init() {}

    @Argument(
        help: ArgumentHelp(
            "The server's address, the account's, or a calendar's (https://caldav.fastmail.com/); with --account of a Google sign-in, its CalDAV address by default.",
            valueName: "url"))
    var address: String?

    @OptionGroup var account: AccountOptions

    public func validate() throws {
        if let address {
            _ = try PublishOptions.serverURL(address, option: "the address")
        } else if account.account == nil {
            throw ValidationError("the address is needed: the server's, the account's or a calendar's (or --account of a Google sign-in)")
        }
    }

    /// What `calendars` says of itself in `--help`.
    public static let discussion = """
        Finds the account's calendars as calendar clients do (the server's /.well-known/caldav, \
        the user's principal, its calendar home) and prints one line per calendar: its name, its \
        URL and whether events can be published into it (yes, or why not), separated by tabs. \
        Exit status: 0 listed; 2 nothing could be listed (credentials refused, no account there, \
        server down).
        """
}
