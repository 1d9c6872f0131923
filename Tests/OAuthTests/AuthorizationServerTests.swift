import Foundation
import TestSupport
import Testing

@testable import OAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The module's requests and readings against a real authorization server on loopback
/// (django-oauth-toolkit, `OAuthTestServer`), the test playing the browser: it opens the
/// authorization URL and reads where the server sends it back, without following.
@Suite("OAuth 2.0 against a real authorization server on loopback")
struct AuthorizationServerTests {
    /// A session that does not follow redirects: the redirect is the answer.
    final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

    private func get(_ url: URL) async throws -> (status: Int, data: Data, location: String?) {
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http.value(forHTTPHeaderField: "Location"))
    }

    private func post(_ url: URL, _ fields: [(name: String, value: String)], basic: (String, String)? = nil) async throws -> (status: Int, data: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        if let (user, password) = basic {
            request.setValue("Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        }
        request.httpBody = Data(FormEncoding.encode(fields).utf8)
        let (data, response) = try await session.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, data)
    }

    /// The server's metadata, asked for where `AuthorizationServerMetadata.locations` says, in order.
    private func discover(_ server: OAuthTestServer) async throws -> AuthorizationServerMetadata {
        for location in AuthorizationServerMetadata.locations(ofIssuer: server.issuer) {
            let answer = try await get(location)
            if answer.status == 200 { return try AuthorizationServerMetadata.read(answer.data, issuer: server.issuer.absoluteString) }
        }
        throw OAuthError.malformed(source: server.issuer.absoluteString, reason: "no metadata")
    }

    @Test("discovery, a sign-in with PKCE, the exchange, a refresh that rotates, introspection and revocation")
    func signIn() async throws {
        let server = try OAuthTestServer()
        let metadata = try await discover(server)
        #expect(metadata.revocationEndpoint != nil && metadata.introspectionEndpoint != nil)
        let client = ClientRegistration(clientID: server.clientID)
        // The loopback port is the program's to choose at each sign-in (RFC 8252 §7.3).
        let request = AuthorizationRequest(client: client, redirectURI: "http://127.0.0.1:\(Int.random(in: 20_000...60_000))/", scopes: ["calendar", "mail"])
        let sent = try await get(try #require(request.url(at: metadata.authorizationEndpoint)))
        #expect(sent.status == 302)
        let location = try #require(sent.location.flatMap(URLComponents.init(string:)))
        #expect("\(location.scheme ?? "")://\(location.host ?? ""):\(location.port ?? 0)/" == request.redirectURI)
        let code = try request.code(fromRedirect: location.percentEncodedPath + "?" + (location.percentEncodedQuery ?? ""))

        // A code is worth nothing without this sign-in's verifier.
        var stolen = request.exchangeForm(code: code)
        stolen[3].value = PKCE().verifier
        let refused = try await post(metadata.tokenEndpoint, stolen)
        #expect(refused.status == 400)
        #expect(throws: OAuthError.refused(code: "invalid_grant", explanation: nil)) {
            try TokenResponse.read(refused.data, from: metadata.tokenEndpoint.absoluteString)
        }

        let exchanged = try await post(metadata.tokenEndpoint, request.exchangeForm(code: code))
        #expect(exchanged.status == 200)
        let tokens = try TokenResponse.read(exchanged.data, from: metadata.tokenEndpoint.absoluteString)
        #expect(tokens.scopes == ["calendar", "mail"] && tokens.expiresIn == 3600)
        let refresh = try #require(tokens.refreshToken)

        // A resource server's view of the token (RFC 7662).
        let introspected = try await post(
            try #require(metadata.introspectionEndpoint), [("token", tokens.accessToken.value)], basic: (server.introspector.id, server.introspector.secret))
        let active = try #require(try JSONSerialization.jsonObject(with: introspected.data) as? [String: Any])
        #expect(active["active"] as? Bool == true && active["username"] as? String == "ada")

        // A refresh gives a new access token and a new refresh token; the old one is spent.
        let refreshed = try TokenResponse.read(
            (try await post(metadata.tokenEndpoint, client.refreshForm(refreshToken: refresh))).data, from: "token")
        let newRefresh = try #require(refreshed.refreshToken)
        #expect(refreshed.accessToken != tokens.accessToken && newRefresh != refresh)
        let spent = try await post(metadata.tokenEndpoint, client.refreshForm(refreshToken: refresh))
        let spentError = #expect(throws: OAuthError.self) { try TokenResponse.read(spent.data, from: "token") }
        #expect(spentError?.grantIsGone == true)

        // Revoked, the grant is gone: the person must sign in again.
        let revoked = try await post(try #require(metadata.revocationEndpoint), client.revocationForm(token: newRefresh))
        #expect(revoked.status == 200)
        let afterRevocation = try await post(metadata.tokenEndpoint, client.refreshForm(refreshToken: newRefresh))
        let gone = #expect(throws: OAuthError.self) { try TokenResponse.read(afterRevocation.data, from: "token") }
        #expect(gone?.grantIsGone == true)
        #expect(gone.map { "\($0)" }?.contains(newRefresh.value) == false)
    }

    @Test("a redirect to anywhere but the loopback is refused by the server; a denied or foreign redirect is said")
    func foreignRedirect() async throws {
        let server = try OAuthTestServer()
        let metadata = try await discover(server)
        let request = AuthorizationRequest(client: ClientRegistration(clientID: server.clientID), redirectURI: "http://attacker.example/", scopes: ["calendar"])
        let sent = try await get(try #require(request.url(at: metadata.authorizationEndpoint)))
        // django-oauth-toolkit shows an error page; it sends nothing to the foreign address.
        #expect(sent.status != 302 || sent.location?.hasPrefix("http://attacker.example") == false)
    }

    @Test("the form encoding token endpoints read")
    func formEncoding() {
        #expect(FormEncoding.encode([("a b", "1/2+3=4&5"), ("é", "~*")]) == "a+b=1%2F2%2B3%3D4%265&%C3%A9=%7E*")
    }
}
