import ArgumentParser
import CalDAV
import CalDAVPublishing
import Foundation
import OAuth
import ProgramSupport

/// Who the person is to a CalDAV server: the options `publish` and `calendars` share.
struct AccountOptions: ParsableArguments {
    init() {}

    @Option(help: ArgumentHelp("The user name (default: the login of the server's host in ~/.netrc).", valueName: "name"))
    var user: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the password on its first line, readable by its owner only (mode 0600). Else RESERVATION_FEED_CALDAV_PASSWORD, else ~/.netrc.",
            valueName: "file"))
    var passwordFile: String?

    @Option(
        help: ArgumentHelp(
            "A sign-in kept by account add (ada@gmail.com): OAuth 2.0 tokens instead of a password, as Google Calendar demands.",
            valueName: "account"))
    var account: String?

    /// Checks that a sign-in and a password are not both given.
    func validate() throws {
        if account != nil, user != nil || passwordFile != nil {
            throw ValidationError("--account signs in with tokens; --user and --password-file are for a password: give one or the other")
        }
    }

    /// The address of the CalDAV service of the sign-in `--account` names, when its provider has
    /// one (Google: the account's principal, as the CalDAV API guide gives it,
    /// `https://apidata.googleusercontent.com/caldav/v2/ACCOUNT/user`); a usage error otherwise.
    func serviceAddress(for option: String) throws -> URL {
        guard let account else { throw ValidationError("\(option) is needed: the calendar's, the account's or the server's address") }
        let grant: GrantFile.Grant
        do {
            grant = try AccountStore().grant(for: account)
        } catch {
            StandardError.print("error: \(said(error)): reservation-feed account add signs in")
            throw ExitCode.usage
        }
        guard let root = grant.provider.flatMap(Provider.named)?.calDAV, let url = URL(string: root + grant.account + "/user") else {
            StandardError.print("error: the sign-in of \(account) is not for a provider whose CalDAV address is known: give \(option)")
            throw ExitCode.usage
        }
        return url
    }

    /// The file that keeps the sign-in `--account` names: `publish --follow` watches it, so that
    /// signing in again is taken up at once.
    var grantFile: String? {
        account.map { AccountStore().file(for: $0).path }
    }

    /// Why the server of the sign-in `--account` names makes no calendars, if it makes none.
    func makesNoCalendars() -> String? {
        guard let account, (try? AccountStore().grant(for: account))?.provider == Provider.google.name else { return nil }
        return "Google Calendar makes none by CalDAV: make it at calendar.google.com (Settings, Add calendar), then run again"
    }

    /// The credentials for the server at `url` (``CredentialLookup``); a password file that
    /// cannot be used is said, and is a usage error.
    func credentials(for url: URL) throws -> CalDAVClient.Credentials? {
        if let account {
            // A sign-in whose file cannot be read is said by the token source, at the first request.
            if let grant = try? AccountStore().grant(for: account),
                let refusal = TokenDestination.refusal(of: grant, to: url.host ?? "", for: .calendar)
            {
                StandardError.print("error: the sign-in of \(account) is not used for \(url.host ?? url.absoluteString): \(refusal)")
                throw ExitCode.usage
            }
            let store = AccountStore()
            return .bearer(
                user: account,
                source: DestinedTokenSource(
                    source: AccountTokenSource.shared(account: account, store: store), store: store, account: account, host: url.host ?? "",
                    use: .calendar))
        }
        do {
            return try CredentialLookup().credentials(for: url, user: user, passwordFile: passwordFile)
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
    }

    /// After refused credentials: where they could have come from, when none were given.
    static func explainMissing(_ credentials: CalDAVClient.Credentials?) {
        if case .bearer(let account, _) = credentials {
            StandardError.print("note: the server refused the tokens of \(account), a refreshed one too: was the sign-in made for the calendar (account add with --for calendar, or the calendar's --scope)?")
            return
        }
        guard credentials == nil else { return }
        StandardError.print("note: no credentials were given: --user with --password-file, \(CredentialLookup.passwordVariable), or ~/.netrc")
    }
}
