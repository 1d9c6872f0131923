import ArgumentParser
import Foundation
import OAuth
import ProgramSupport

/// What `account list` does: the kept sign-ins, one per line on standard output.
public struct AccountListRun {
    let options: AccountListOptions
    let store: AccountStore

    public init(_ options: AccountListOptions) {
        self.options = options
        store = AccountStore()
    }

    /// Lists them; exit status 1 when one cannot be read.
    public func run() throws {
        var unreadable = false
        let entries: [(file: GrantFile, grant: Result<GrantFile.Grant, OAuthError>)]
        do {
            entries = try store.all()
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode(1)
        }
        if isatty(STDOUT_FILENO) != 0, !entries.isEmpty { print("ACCOUNT\tPROVIDER\tFOR\tFILE") }
        for (file, result) in entries {
            switch result {
            case .success(let grant):
                let place = file.path + (grant.tokenInKeyring ? " (token in the keyring)" : "")
                print([grant.account, grant.provider ?? grant.issuer, Self.uses(of: grant), place].map(Self.cell).joined(separator: "\t"))
            case .failure(let error):
                StandardError.print("error: \(said(error))")
                unreadable = true
            }
        }
        if entries.isEmpty { StandardError.print("No sign-in is kept (in \(store.folder)); reservation-feed account add signs in.") }
        if unreadable { throw ExitCode(1) }
    }

    /// What a grant is for: `mail`, `calendar`, `mail, calendar`, or the scopes of an issuer
    /// named by its address.
    static func uses(of grant: GrantFile.Grant) -> String {
        guard let name = grant.provider, let provider = Provider.named(name) else {
            return grant.scopes.filter { !["openid", "email", "profile", "offline_access"].contains($0) }.joined(separator: " ")
        }
        var uses: [String] = []
        if provider.isForMail(grant.scopes) { uses.append("mail") }
        if provider.isForCalendar(grant.scopes) { uses.append("calendar") }
        return uses.joined(separator: ", ")
    }

    /// A value on one line of one column, with nothing a terminal acts on: a scope or an issuer
    /// is what a server said.
    static func cell(_ text: String) -> String {
        TokenResponse.printable(text)
    }
}
