import Basics
import CalDAV
import Foundation
import OAuth

/// The bearer tokens of a kept sign-in (`--account`), for the CalDAV client: access tokens
/// refreshed before they expire and once when a server refuses one (``AccessTokens``), a
/// rotated refresh token kept at once.
///
/// A sign-in found gone (revoked, expired) stays gone for this run without asking the provider
/// again, until its file changes: a person who signs in again while `publish --follow` runs is
/// picked up at the next run.
actor AccountTokenSource: BearerTokenSource {
    /// The account, as named.
    let account: String
    private let store: AccountStore
    /// The tokens in use, and the grant they were made for.
    private var tokens: (grant: GrantFile.Grant, tokens: AccessTokens)?
    private var gone: (refreshToken: BearerToken, error: BearerTokenError)?

    init(account: String, store: AccountStore) {
        self.account = account
        self.store = store
    }

    func token() async throws(BearerTokenError) -> String {
        let grant: GrantFile.Grant
        do {
            grant = try store.grant(for: account)
        } catch {
            throw unavailable(error, grant: nil)
        }
        if let gone, gone.refreshToken == grant.refreshToken { throw gone.error }
        do {
            return try await tokens(for: grant).token().value
        } catch where error.grantIsGone {
            // Another run may have refreshed at the same moment, and the provider rotated the
            // refresh token under this one: its new one is in the file, or is about to be.
            for _ in 0..<3 {
                let inUse = await tokens?.tokens.refreshToken
                if let newer = try? store.grant(for: account), newer.refreshToken != grant.refreshToken, newer.refreshToken != inUse {
                    do {
                        return try await tokens(for: newer).token().value
                    } catch {
                        throw unavailable(error, grant: newer)
                    }
                }
                try? await Task.sleep(for: .seconds(1))
            }
            throw unavailable(error, grant: grant)
        } catch {
            throw unavailable(error, grant: grant)
        }
    }

    /// The one source of `account`'s tokens in this process (publish's and the mail program's
    /// share it, and with it one refresh at a time).
    static func shared(account: String, store: AccountStore) -> AccountTokenSource {
        registry.withLock { sources in
            if let source = sources[account] { return source }
            let source = AccountTokenSource(account: account, store: store)
            sources[account] = source
            return source
        }
    }

    private static let registry = Locked<[String: AccountTokenSource]>([:])

    func refused(_ token: String) async {
        await tokens?.tokens.refused(BearerToken(token))
    }

    /// The tokens of `grant`, the grant kept now: made once, and made again when the file holds
    /// another sign-in than the one in use (not merely the refresh token it rotated into).
    private func tokens(for grant: GrantFile.Grant) async throws(OAuthError) -> AccessTokens {
        // The same sign-in: its tokens went on from the grant they were made for (rotated by the
        // server, or taken up from the file another process wrote).
        if let tokens, tokens.grant.issuer == grant.issuer, tokens.grant.clientID == grant.clientID, tokens.grant.scopes == grant.scopes,
            await tokens.tokens.refreshToken == grant.refreshToken || tokens.grant.refreshToken == grant.refreshToken
        {
            return tokens.tokens
        }
        let client = try await TokenClient.of(grant)
        let store = store
        let made = AccessTokens(client: client, grant: grant, keep: { rotated throws(OAuthError) in try store.save(rotated) }, lock: store.file(for: account))
        tokens = (grant, made)
        gone = nil
        return made
    }

    /// What the CalDAV client is told: why there is no token, and for a sign-in that is gone,
    /// the command that signs in again.
    private func unavailable(_ error: OAuthError, grant: GrantFile.Grant?) -> BearerTokenError {
        switch error {
        case .notSignedIn:
            return BearerTokenError(reason: "no sign-in is kept for \(account): reservation-feed account add signs in", mayPass: false)
        case _ where error.grantIsGone:
            let command = grant.map(SignInCommand.text(for:)) ?? "reservation-feed account add"
            let unavailable = BearerTokenError(reason: "the sign-in of \(account) is gone (\(error)): sign in again with \(command)", mayPass: false)
            if let grant { gone = (grant.refreshToken, unavailable) }
            return unavailable
        default:
            return BearerTokenError(reason: "the sign-in of \(account): \(error)", mayPass: error.mayPass)
        }
    }
}
