import CalDAV
import OAuth

/// A kept sign-in's tokens for one server: the sign-in kept at each request is checked against
/// it (``TokenDestination``), so that one made in place of the sign-in a long run started with
/// (another provider's, another issuer's) gives that server no token.
struct DestinedTokenSource: BearerTokenSource {
    let source: AccountTokenSource
    let store: AccountStore
    let account: String
    /// The server the tokens go to.
    let host: String
    let use: TokenDestination.Use

    func token() async throws(BearerTokenError) -> String {
        if let grant = try? store.grant(for: account), let refusal = TokenDestination.refusal(of: grant, to: host, for: use) {
            throw BearerTokenError(reason: "the sign-in of \(account) is not used for \(host): \(refusal)", mayPass: false)
        }
        return try await source.token()
    }

    func refused(_ token: String) async {
        await source.refused(token)
    }
}
