import ArgumentParser

/// Who the person is to a CalDAV server: the options `publish` and `calendars` share.
public struct AccountOptions: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("The user name (default: the login of the server's host in ~/.netrc).", valueName: "name"))
    public var user: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the password on its first line, readable by its owner only (mode 0600). Else RESERVATION_FEED_CALDAV_PASSWORD, else ~/.netrc.",
            valueName: "file"))
    public var passwordFile: String?
}
