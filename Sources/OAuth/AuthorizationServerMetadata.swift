import Foundation

/// What an authorization server publishes about itself (RFC 8414, and OpenID Connect Discovery,
/// whose document has the same fields): where to send the person, where to exchange codes and
/// refresh tokens, and what it supports. Read from the provider, not hard-coded, so that an
/// endpoint that moves is followed.
public struct AuthorizationServerMetadata: Sendable, Hashable, Decodable {
    /// The server's identifier: an `https` URL, equal to the one the metadata was asked of.
    public var issuer: String
    /// Where the person signs in and consents (the authorization code flow).
    public var authorizationEndpoint: URL
    /// Where codes and refresh tokens are exchanged for access tokens.
    public var tokenEndpoint: URL
    /// Where a grant is revoked (RFC 7009), if the server has one.
    public var revocationEndpoint: URL?
    /// Where a token is introspected (RFC 7662), if the server has one.
    public var introspectionEndpoint: URL?
    /// Where a device asks for a code to show (RFC 8628), if the server has one.
    public var deviceAuthorizationEndpoint: URL?
    /// The PKCE methods it takes; absent, it does not say (Google's and Microsoft's documents do
    /// not), and `S256` is assumed, as RFC 7636 makes it mandatory for servers.
    public var codeChallengeMethodsSupported: [String]?
    /// The grant types it takes, when it says.
    public var grantTypesSupported: [String]?
    /// The scopes it knows, when it says (`openid` where it speaks OpenID Connect).
    public var scopesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case grantTypesSupported = "grant_types_supported"
        case scopesSupported = "scopes_supported"
    }

    /// Where the metadata of `issuer` is published, in the order to ask: RFC 8414's well-known
    /// name inserted before the issuer's path, then OpenID Connect's appended to it (Google and
    /// Microsoft publish the latter).
    public static func locations(ofIssuer issuer: URL) -> [URL] {
        guard var parts = URLComponents(url: issuer, resolvingAgainstBaseURL: false) else { return [] }
        let path = parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path
        parts.query = nil
        parts.fragment = nil
        var found: [URL] = []
        parts.path = "/.well-known/oauth-authorization-server" + path
        if let url = parts.url { found.append(url) }
        parts.path = path + "/.well-known/openid-configuration"
        if let url = parts.url { found.append(url) }
        return found
    }

    /// Reads a metadata document, and checks it is usable for `issuer`: its own issuer is the one
    /// asked of (RFC 8414 §3.3, which keeps one server from standing in for another), every
    /// endpoint is HTTPS (or on this machine's loopback, for a server the tests start), and it
    /// takes PKCE with `S256` when it lists what it takes.
    ///
    /// - Throws: ``OAuthError/malformed(source:reason:)`` for what is not the document, or
    ///   ``OAuthError/unusableMetadata(issuer:reason:)``.
    public static func read(_ data: Data, issuer: String) throws(OAuthError) -> AuthorizationServerMetadata {
        let metadata: AuthorizationServerMetadata
        do {
            metadata = try JSONDecoder().decode(AuthorizationServerMetadata.self, from: data)
        } catch {
            throw .malformed(source: issuer, reason: "its metadata is not the JSON document RFC 8414 describes (\(Self.reason(error)))")
        }
        guard Self.sameIssuer(metadata.issuer, issuer) else {
            throw .unusableMetadata(issuer: issuer, reason: "it names another issuer, \(metadata.issuer)")
        }
        let endpoints = [metadata.authorizationEndpoint, metadata.tokenEndpoint] + [
            metadata.revocationEndpoint, metadata.introspectionEndpoint, metadata.deviceAuthorizationEndpoint,
        ].compactMap { $0 }
        if let plain = endpoints.first(where: { !Self.isSecure($0) }) {
            throw .unusableMetadata(issuer: issuer, reason: "the endpoint \(plain.absoluteString) is not HTTPS")
        }
        if let methods = metadata.codeChallengeMethodsSupported, !methods.contains(PKCE.method) {
            throw .unusableMetadata(issuer: issuer, reason: "it does not take PKCE with S256 (it lists \(methods.joined(separator: ", ")))")
        }
        return metadata
    }

    /// Issuers compared as RFC 8414 asks, but without a trailing slash's difference.
    static func sameIssuer(_ a: String, _ b: String) -> Bool {
        func trimmed(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }
        return trimmed(a) == trimmed(b)
    }

    /// HTTPS, or HTTP to this machine's loopback (RFC 8252 §8.3 allows no other plain HTTP).
    static func isSecure(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": true
        // Not `localhost`, which a name service may send elsewhere (RFC 8252 §8.3).
        case "http": ["127.0.0.1", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        default: false
        }
    }

    /// A decoding error in a few words: which field, what was wrong.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, _): return "no \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not a JSON object" : "\(path) is not what it should be"
        @unknown default: return "\(error)"
        }
    }
}
