import ArgumentParser
import Foundation
import OAuth

/// The options of `account add`.
public struct AccountAddOptions: ParsableArguments {
    public init() {}

    @Argument(
        help: ArgumentHelp("google, microsoft, or the address of an OAuth 2.0 authorization server (its issuer, https://…).", valueName: "provider"))
    var provider: String

    @Argument(help: ArgumentHelp("The account, as you sign in with it (ada@gmail.com).", valueName: "account"))
    var account: String

    @Option(
        help: ArgumentHelp(
            "The OAuth client you registered: Google's downloaded client_secret_….json as it is, or a client ID (Microsoft's application ID).",
            valueName: "file-or-id"))
    var client: String

    @Option(
        help: ArgumentHelp(
            "A file holding the client's secret on its first line, readable by its owner only, for a server that issued one with a client ID.",
            valueName: "file"))
    var clientSecretFile: String?

    /// What the account is used for.
    enum Use: String, ExpressibleByArgument, CaseIterable {
        case mail, calendar
    }

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("What the account is for: mail, calendar (repeatable; default: both, as far as the provider offers them).", valueName: "use"))
    var uses: [Use] = []

    @Option(help: ArgumentHelp("A scope to ask for (repeatable): for a server named by its address, what its mail and calendar servers want.", valueName: "scope"))
    var scope: [String] = []

    @Flag(help: "Sign in on another device: show an address and a code to type there, instead of a browser here coming back to this machine.")
    var device = false

    @Flag(help: "Do not start a browser: print the address to open.")
    var noBrowser = false

    @Option(help: ArgumentHelp("How many seconds to wait for the sign-in.", valueName: "seconds"))
    var timeout = 300

    public func validate() throws {
        guard timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout is a number of seconds from 1 to 86400 (a day)") }
        guard !account.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the account is empty") }
        // Its file is named by it: a name no file can have is said before the browser opens.
        guard (AccountStore(base: "/").file(for: account).path as NSString).lastPathComponent.utf8.count <= 255 else {
            throw ValidationError("the account is too long to name its sign-in's file (at most about 200 characters)")
        }
        if Provider.named(provider) == nil {
            guard let url = URL(string: provider), url.scheme != nil, url.host != nil else {
                throw ValidationError("the provider is google, microsoft, or an issuer's address (https://…); '\(provider)' is none")
            }
            guard !scope.isEmpty else { throw ValidationError("a server named by its address needs --scope: what its mail or calendar servers want") }
            guard uses.isEmpty else { throw ValidationError("--for is for google and microsoft; a server named by its address takes --scope") }
        }
    }

    /// What `account` says of itself in `--help`.
    public static let groupDiscussion = """
        Gmail, Google Calendar and Outlook.com take no password from programs: they take OAuth \
        2.0. Sign in once with account add; the sign-in is kept (a refresh token, in a file only \
        you can read) and used by publish, calendars and imap:// inputs named with --account. \
        account list shows what is kept, account remove revokes and forgets it.
        """

    /// What `account add` says of itself in `--help`.
    public static let discussion = """
        Signs in with OAuth 2.0, as Gmail, Google Calendar and Outlook.com demand: a browser opens \
        (or its address is printed), you sign in and allow access, and the browser comes back to \
        this machine (a listener on 127.0.0.1, a port chosen for the sign-in). With --device, the \
        sign-in happens on any other device, with a code. The sign-in is kept in a file only you \
        can read, under $XDG_STATE_HOME/reservation-feed/accounts (or ~/.local/state); publish, \
        calendars and imap:// inputs then use it with --account ACCOUNT. No token is ever printed. \
        The client is yours: register one with the provider (the README shows how). Exit status: \
        0 signed in; 2 not (refused, declined, no browser came back in time).
        """
}
