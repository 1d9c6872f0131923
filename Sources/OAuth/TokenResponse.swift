import Foundation

/// What a token endpoint gives (RFC 6749 §5.1): an access token, how long it lasts, and, for the
/// first exchange and when the server rotates them, a refresh token.
public struct TokenResponse: Sendable, Hashable {
    /// The token to send, as `Authorization: Bearer …` or in SASL `XOAUTH2`/`OAUTHBEARER`.
    public var accessToken: BearerToken
    /// How many seconds the access token lasts from when it was given, when the server says.
    public var expiresIn: Int?
    /// The token that gets new access tokens; `nil` when the server sends none (on a refresh,
    /// the one held stays good).
    public var refreshToken: BearerToken?
    /// The scopes granted, when the server says (it may grant fewer than asked).
    public var scopes: [String]?
    /// Who signed in, as the OpenID Connect ID token that came with the tokens says (its `email`,
    /// else its `preferred_username`); `nil` without one.
    ///
    /// The token's signature is not checked: it came straight from the token endpoint, over TLS
    /// or the loopback, which OpenID Connect Core §3.1.3.7 accepts in place of the signature. It
    /// is used only to catch a sign-in as another account than the one named.
    public var identity: String?

    /// Reads the body of a token endpoint's answer, whatever its status: an error object
    /// (RFC 6749 §5.2) becomes ``OAuthError/refused(code:explanation:)``.
    ///
    /// - Parameter source: The endpoint, for messages.
    public static func read(_ data: Data, from source: String) throws(OAuthError) -> TokenResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformed(source: source, reason: "its answer is not a JSON object")
        }
        if let code = object["error"] as? String {
            throw .refused(code: code, explanation: (object["error_description"] as? String).map(Self.plain))
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw .malformed(source: source, reason: "its answer has no access_token")
        }
        guard let type = object["token_type"] as? String, type.lowercased() == "bearer" else {
            throw .malformed(source: source, reason: "its token is not a Bearer token (token_type \(object["token_type"].map { plain("\($0)").prefix(60) } ?? "missing"))")
        }
        // Some servers write numbers as strings ("3599").
        let expires = (object["expires_in"] as? Int) ?? (object["expires_in"] as? String).flatMap { Int($0) }
        return TokenResponse(
            accessToken: BearerToken(access), expiresIn: expires,
            refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : BearerToken($0) },
            scopes: (object["scope"] as? String).map { $0.split(separator: " ").map(String.init) },
            identity: (object["id_token"] as? String).flatMap(Self.identity(ofIDToken:)))
    }

    /// The `email` (unless the token says it is not verified), else the `preferred_username`,
    /// of an ID token's claims.
    static func identity(ofIDToken token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else { return nil }
        if let email = claims["email"] as? String, !email.isEmpty, (claims["email_verified"] as? Bool) != false { return plain(email) }
        return (claims["preferred_username"] as? String).flatMap { $0.isEmpty ? nil : plain($0) }
    }

    /// A server's own words, on one line and bounded: they go into messages.
    static func plain(_ text: String) -> String {
        String(printable(text).prefix(300))
    }

    /// `text` without control characters (a terminal's escape sequences) or format characters
    /// (a right-to-left override), each made a space: what a server sends reaches a message so.
    package static func printable(_ text: String) -> String {
        var printable = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            printable.append(category == .control || category == .format ? Unicode.Scalar(0x20) : scalar)
        }
        return String(printable)
    }
}
