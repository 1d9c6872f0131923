import ArgumentParser
import Foundation
import OAuth
import ProgramSupport

/// What `account remove` does: the grant revoked where the provider can, and forgotten.
public struct AccountRemoveRun {
    let options: AccountRemoveOptions
    let store: AccountStore

    public init(_ options: AccountRemoveOptions) {
        self.options = options
        store = AccountStore()
    }

    /// Revokes and forgets; exit status 1 when it was forgotten but not revoked, 2 when there
    /// was nothing to forget.
    public func run() async throws {
        let file = store.file(for: options.account)
        var grant: GrantFile.Grant?
        do {
            guard let kept = try file.load() else {
                StandardError.print("error: \(said(OAuthError.notSignedIn(account: options.account)))")
                throw ExitCode.usage
            }
            grant = kept
        } catch let error as OAuthError {
            // A file that cannot be used (readable by others, damaged) is forgotten all the same.
            StandardError.print("warning: \(said(error)); it is forgotten without being revoked")
        }
        var revoked = grant != nil
        if let grant {
            do {
                try await TokenClient.of(grant).revoke(grant.refreshToken)
            } catch {
                revoked = false
                StandardError.print("warning: the sign-in could not be revoked at its provider: \(said(error)). \(Self.whereToRevoke(grant))")
            }
        }
        do {
            try file.remove()
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
        StandardError.print("Forgot the sign-in of \(grant?.account ?? options.account)\(revoked ? ", and revoked it at its provider" : "").")
        if !revoked { throw ExitCode(1) }
    }

    /// Where the person removes the program's access by hand.
    static func whereToRevoke(_ grant: GrantFile.Grant?) -> String {
        switch grant?.provider {
        case "google": "Remove its access at https://myaccount.google.com/connections."
        case "microsoft": "Remove its access at https://account.live.com/consent/Manage."
        default: "Remove its access where \(grant?.issuer ?? "the provider") lists the apps you allowed."
        }
    }
}
