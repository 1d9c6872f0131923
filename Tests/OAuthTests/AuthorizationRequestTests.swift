import Foundation
import Testing

@testable import OAuth

@Suite("The authorization code flow for a program on the person's machine (RFC 8252)")
struct AuthorizationRequestTests {
    let client = ClientRegistration(clientID: "123-abc.apps.googleusercontent.com", clientSecret: "GOCSPX-not-so-secret")

    @Test("the URL carries the client, the loopback redirect, the scopes, state and the S256 challenge, and no secret")
    func url() throws {
        let request = AuthorizationRequest(
            client: client, redirectURI: "http://127.0.0.1:53117/", scopes: ["https://www.googleapis.com/auth/calendar", "https://mail.google.com/"],
            extra: [("access_type", "offline"), ("prompt", "consent")])
        let url = try #require(request.url(at: URL(string: "https://accounts.google.com/o/oauth2/v2/auth")!))
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items["response_type"] == "code")
        #expect(items["client_id"] == "123-abc.apps.googleusercontent.com")
        #expect(items["redirect_uri"] == "http://127.0.0.1:53117/")
        #expect(items["scope"] == "https://www.googleapis.com/auth/calendar https://mail.google.com/")
        #expect(items["state"] == request.state)
        #expect(items["code_challenge"] == request.pkce.challenge)
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["access_type"] == "offline" && items["prompt"] == "consent")
        #expect(!url.absoluteString.contains("GOCSPX") && !url.absoluteString.contains(request.pkce.verifier))
        #expect(url.absoluteString.hasPrefix("https://accounts.google.com/o/oauth2/v2/auth?"))
    }

    @Test("the code comes back only with this sign-in's state; an error or a missing code is said")
    func redirect() throws {
        let request = AuthorizationRequest(client: client, redirectURI: "http://127.0.0.1:53117/", scopes: ["openid"])
        #expect(try request.code(fromRedirect: "/?state=\(request.state)&code=4%2F0AanRRrt-code&scope=openid") == "4/0AanRRrt-code")
        #expect(throws: OAuthError.stateMismatch) { try request.code(fromRedirect: "/?state=other&code=stolen") }
        #expect(throws: OAuthError.stateMismatch) { try request.code(fromRedirect: "/?code=no-state") }
        #expect(throws: OAuthError.refused(code: "access_denied", explanation: "The user denied the request")) {
            // Form-encoded, as Microsoft sends it: `+` is a space.
            try request.code(fromRedirect: "/?state=\(request.state)&error=access_denied&error_description=The+user%0Adenied+the+request")
        }
        #expect(throws: OAuthError.malformed(source: "the redirect", reason: "it brought no authorization code")) {
            try request.code(fromRedirect: "/?state=\(request.state)")
        }
    }

    @Test("the exchange sends the code, the same redirect, the verifier and the client")
    func exchange() {
        let request = AuthorizationRequest(client: client, redirectURI: "http://127.0.0.1:53117/", scopes: ["openid"])
        let form = Dictionary(uniqueKeysWithValues: request.exchangeForm(code: "the-code").map { ($0.name, $0.value) })
        #expect(form == [
            "grant_type": "authorization_code", "code": "the-code", "redirect_uri": "http://127.0.0.1:53117/",
            "code_verifier": request.pkce.verifier, "client_id": "123-abc.apps.googleusercontent.com", "client_secret": "GOCSPX-not-so-secret",
        ])
    }
}
