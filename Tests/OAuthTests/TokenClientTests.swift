import Foundation
import TestSupport
import Testing

@testable import OAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `TokenClient`, the module's own HTTP, against the real authorization server on loopback.
@Suite("The token client against a real authorization server")
struct TokenClientTests {
    @Test("discovery, the exchange, a refresh, and revocation through the client; a revoked grant is gone")
    func lifecycle() async throws {
        let server = try OAuthTestServer(accessSeconds: 2)
        let (client, tokens) = try await server.signIn()
        #expect(tokens.expiresIn == 2)
        let refresh = try #require(tokens.refreshToken)
        let refreshed = try await client.refresh(refresh)
        #expect(refreshed.accessToken != tokens.accessToken)
        let current = try #require(refreshed.refreshToken)
        try await client.revoke(current)
        let error = await #expect(throws: OAuthError.self) { try await client.refresh(current) }
        #expect(error?.grantIsGone == true && error?.mayPass == false)
        #expect(error.map { "\($0)" }?.contains(current.value) == false)
    }

    @Test("a token endpoint that redirects is not followed, with the refresh token or anything else")
    func redirectNotFollowed() async throws {
        let server = try OAuthTestServer()
        let (client, tokens) = try await server.signIn()
        // The same server behind a front door that sends every request elsewhere.
        let front = try RedirectServer(.everything, to: "http://127.0.0.1:9")
        var moved = client
        moved.metadata.tokenEndpoint = front.root.appendingPathComponent("o/token/")
        let error = await #expect(throws: OAuthError.self) { try await moved.refresh(try #require(tokens.refreshToken)) }
        #expect(
            error
                == .malformed(
                    source: moved.metadata.tokenEndpoint.absoluteString,
                    reason: "it answered 308, a redirect to http://127.0.0.1:9/o/token/ (not followed): the endpoint its metadata names must answer itself"))
        // The refresh token was not spent on the way.
        _ = try await client.refresh(try #require(tokens.refreshToken))
    }

    @Test("a server's words that echo what was just sent (a refresh token, a code) are said without it")
    func echoedSecrets() {
        let sent = [("grant_type", "refresh_token"), ("refresh_token", "REFRESH-SECRET-1"), ("client_id", "c"), ("client_secret", "GOCSPX-s")]
        let echoed = OAuthError.refused(code: "invalid_grant", explanation: "refresh token REFRESH-SECRET-1 of client c (secret GOCSPX-s) is revoked")
        #expect(
            TokenClient.withoutSecrets(echoed, sent: sent)
                == .refused(code: "invalid_grant", explanation: "refresh token [refresh_token] of client c (secret [client_secret]) is revoked"))
        #expect(TokenClient.withoutSecrets(.deviceCodeExpired, sent: sent) == .deviceCodeExpired)
    }

    @Test("a host whose name has no address is said to be not found, and may pass")
    func unknownHost() async throws {
        // `.invalid` is reserved never to resolve (RFC 6761 §6.4).
        let error = await #expect(throws: OAuthError.self) { try await TokenClient.discover(issuer: URL(string: "https://no-such-host.invalid/o")!) }
        #expect(error?.mayPass == true)
        #expect(error.map { "\($0)" }?.contains("cannot find the host no-such-host.invalid") == true)
    }

    @Test("an endpoint nobody answers at is unreachable, and may pass")
    func unreachable() async throws {
        let error = await #expect(throws: OAuthError.self) { try await TokenClient.discover(issuer: URL(string: "http://127.0.0.1:9/o")!) }
        #expect(error?.mayPass == true)
        if case .unreachable(let endpoint, _) = error {
            #expect(endpoint == "http://127.0.0.1:9/.well-known/oauth-authorization-server/o")
        } else {
            Issue.record("\(String(describing: error))")
        }
    }
}
