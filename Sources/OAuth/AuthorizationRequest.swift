import Foundation

/// One sign-in by the authorization code flow with PKCE, for a program on the person's machine
/// (RFC 8252): the URL the person opens, and the check of where the browser comes back.
///
/// The redirect goes to this machine's loopback (`http://127.0.0.1:PORT/`, a port chosen when
/// the sign-in starts, §7.3); `state` is random, and a redirect that does not bring it back is
/// refused (RFC 6749 §10.12).
public struct AuthorizationRequest: Sendable {
    /// Who the program is to the server.
    public var client: ClientRegistration
    /// Where the server sends the person back.
    public var redirectURI: String
    /// What is asked for (Google: CalDAV's calendar scope, `https://mail.google.com/`).
    public var scopes: [String]
    /// Parameters a provider needs beyond the protocol's (Google gives a refresh token only with
    /// `access_type=offline`, and again only with `prompt=consent`).
    public var extra: [(name: String, value: String)]
    /// This sign-in's PKCE secret.
    public let pkce: PKCE
    /// This sign-in's `state`.
    public let state: String

    /// A sign-in with new secrets.
    public init(client: ClientRegistration, redirectURI: String, scopes: [String], extra: [(name: String, value: String)] = []) {
        self.client = client
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.extra = extra
        pkce = PKCE()
        state = Base64URL.random(bytes: 16)
    }

    /// The URL the person opens, at the server's authorization endpoint.
    public func url(at endpoint: URL) -> URL? {
        guard var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        var items = parts.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: client.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "scope", value: scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
        ]
        items += extra.map { URLQueryItem(name: $0.name, value: $0.value) }
        parts.queryItems = items
        // `+` in a value (none here, but a provider's extra may have one) must not read as a space.
        parts.percentEncodedQuery = parts.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return parts.url
    }

    /// The authorization code the browser brought back to `redirect` (the path and query of the
    /// request the loopback listener received), once its `state` is checked.
    ///
    /// - Throws: ``OAuthError/refused(code:explanation:)`` when the server sent an error (the
    ///   person declined: `access_denied`), ``OAuthError/stateMismatch``, or
    ///   ``OAuthError/malformed(source:reason:)`` when there is no code.
    public func code(fromRedirect redirect: String) throws(OAuthError) -> String {
        // Form-encoded (RFC 6749 Appendix B): a `+` is a space (`User+declined`).
        let items = URLComponents(string: redirect.replacingOccurrences(of: "+", with: "%20"))?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("state") == state else {
            // An error without the state may be anyone's; with it, it is this sign-in's.
            throw .stateMismatch
        }
        if let error = value("error") {
            throw .refused(code: error, explanation: value("error_description").map(TokenResponse.plain))
        }
        guard let code = value("code"), !code.isEmpty else {
            throw .malformed(source: "the redirect", reason: "it brought no authorization code")
        }
        return code
    }

    /// The form posted to the token endpoint to exchange `code` (RFC 6749 §4.1.3 with RFC 7636's
    /// verifier), `application/x-www-form-urlencoded`.
    public func exchangeForm(code: String) -> [(name: String, value: String)] {
        [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", pkce.verifier)]
            + client.formFields
    }
}
