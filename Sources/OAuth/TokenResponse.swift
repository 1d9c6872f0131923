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
            throw .malformed(source: source, reason: "its token is not a Bearer token (token_type \(object["token_type"].map { "\($0)" } ?? "missing"))")
        }
        // Some servers write numbers as strings ("3599").
        let expires = (object["expires_in"] as? Int) ?? (object["expires_in"] as? String).flatMap { Int($0) }
        return TokenResponse(
            accessToken: BearerToken(access), expiresIn: expires,
            refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : BearerToken($0) },
            scopes: (object["scope"] as? String).map { $0.split(separator: " ").map(String.init) })
    }

    /// A server's own words, on one line and bounded: they go into messages.
    static func plain(_ text: String) -> String {
        // No control character (a terminal's escape sequences) reaches a message.
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }.prefix(300))
    }
}
