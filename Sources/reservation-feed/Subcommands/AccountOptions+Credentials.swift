import ArgumentParser
import CalDAV
import CalDAVPublishing
import Programs
import Foundation
import ProgramSupport

extension AccountOptions {
    /// The credentials for the server at `url` (``CredentialLookup``); a password file that
    /// cannot be used is said, and is a usage error.
    func credentials(for url: URL) throws -> CalDAVClient.Credentials? {
        do {
            return try CredentialLookup().credentials(for: url, user: user, passwordFile: passwordFile)
        } catch {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
    }

    /// After refused credentials: where they could have come from, when none were given.
    static func explainMissing(_ credentials: CalDAVClient.Credentials?) {
        guard credentials == nil else { return }
        StandardError.print("note: no credentials were given: --user with --password-file, \(CredentialLookup.passwordVariable), or ~/.netrc")
    }
}
