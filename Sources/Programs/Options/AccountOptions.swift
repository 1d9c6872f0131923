import ArgumentParser
import CalDAV
import CalDAVPublishing
import Foundation
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

    /// The credentials for the server at `url` (``CredentialLookup``); a password file that
    /// cannot be used is said, and is a usage error.
    func credentials(for url: URL) throws -> CalDAVClient.Credentials? {
        do {
            return try CredentialLookup().credentials(for: url, user: user, passwordFile: passwordFile)
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
    }

    /// After refused credentials: where they could have come from, when none were given.
    static func explainMissing(_ credentials: CalDAVClient.Credentials?) {
        guard credentials == nil else { return }
        StandardError.print("note: no credentials were given: --user with --password-file, \(CredentialLookup.passwordVariable), or ~/.netrc")
    }
}
