import Foundation
import OAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension OAuthTestServer {
    /// A full sign-in of its user: the loopback listener, the test as the browser (which follows
    /// the server's redirect to the listener), the exchange by the module's client.
    public func signIn(scopes: [String] = ["calendar", "mail"]) async throws -> (TokenClient, TokenResponse) {
        let metadata = try await TokenClient.discover(issuer: issuer)
        let client = TokenClient(metadata: metadata, client: ClientRegistration(clientID: clientID))
        let listener = try LoopbackRedirect()
        let request = AuthorizationRequest(client: client.client, redirectURI: listener.redirectURI, scopes: scopes)
        let waiting = Task {
            try await onThreadOfItsOwn { try listener.waitForRedirect(seconds: 30, state: request.state) { _ in LoopbackRedirect.Page(status: 200, message: "Signed in.") } }
        }
        guard let address = request.url(at: metadata.authorizationEndpoint) else { throw ProcessRunner.NotStarted(description: "no authorization URL") }
        _ = try await URLSession.shared.data(from: address)
        let code = try request.code(fromRedirect: try await waiting.value)
        return (client, try await client.exchange(code: code, of: request))
    }
}
