import OAuth

/// The command that signs in again for a kept grant, exactly, for the person to copy when the
/// grant is gone (revoked, expired, its password changed): the provider or issuer, the account,
/// the client as it was given, and what was asked for.
enum SignInCommand {
    /// `reservation-feed account add PROVIDER ACCOUNT --client …`, quoted for a POSIX shell.
    static func text(for grant: GrantFile.Grant) -> String {
        var words = ["reservation-feed", "account", "add", grant.provider ?? grant.issuer, grant.account, "--client", grant.clientFile ?? grant.clientID]
        if let name = grant.provider, let provider = Provider.named(name) {
            let (mail, calendar) = (provider.isForMail(grant.scopes), provider.isForCalendar(grant.scopes))
            // Both, as far as the provider offers them, is the default; one alone is said.
            if !provider.calendarScopes.isEmpty, mail != calendar { words += ["--for", mail ? "mail" : "calendar"] }
        } else {
            for scope in grant.scopes where !["openid", "email", "profile", "offline_access"].contains(scope) { words += ["--scope", scope] }
            if grant.clientSecret != nil { words += ["--client-secret-file", "FILE"] }
        }
        return words.map(quoted).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "@%+=:,./_-".unicodeScalars.contains($0)) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
