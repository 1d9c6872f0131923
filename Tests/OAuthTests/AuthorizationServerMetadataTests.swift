import Foundation
import Testing

@testable import OAuth

@Suite("Authorization servers' published metadata (RFC 8414, OpenID Connect Discovery)")
struct AuthorizationServerMetadataTests {
    /// Google's discovery document, in the fields this package reads, as Google publishes it at
    /// https://accounts.google.com/.well-known/openid-configuration ("OpenID Connect",
    /// "Discovery document", Google Identity's documentation).
    static let google = """
        {
          "issuer": "https://accounts.google.com",
          "authorization_endpoint": "https://accounts.google.com/o/oauth2/v2/auth",
          "device_authorization_endpoint": "https://oauth2.googleapis.com/device/code",
          "token_endpoint": "https://oauth2.googleapis.com/token",
          "userinfo_endpoint": "https://openidconnect.googleapis.com/v1/userinfo",
          "revocation_endpoint": "https://oauth2.googleapis.com/revoke",
          "jwks_uri": "https://www.googleapis.com/oauth2/v3/certs",
          "response_types_supported": ["code", "token", "id_token", "code token", "code id_token", "token id_token", "code token id_token", "none"],
          "code_challenge_methods_supported": ["plain", "S256"],
          "grant_types_supported": ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code", "urn:ietf:params:oauth:grant-type:jwt-bearer"]
        }
        """

    @Test("Google's document is read: its endpoints, PKCE with S256, the device grant")
    func googleDocument() throws {
        let metadata = try AuthorizationServerMetadata.read(Data(Self.google.utf8), issuer: "https://accounts.google.com")
        #expect(metadata.authorizationEndpoint.absoluteString == "https://accounts.google.com/o/oauth2/v2/auth")
        #expect(metadata.tokenEndpoint.absoluteString == "https://oauth2.googleapis.com/token")
        #expect(metadata.revocationEndpoint?.absoluteString == "https://oauth2.googleapis.com/revoke")
        #expect(metadata.deviceAuthorizationEndpoint?.absoluteString == "https://oauth2.googleapis.com/device/code")
        #expect(metadata.introspectionEndpoint == nil)
    }

    @Test("metadata that names another issuer, a plain-HTTP endpoint off this machine, or no S256 is refused")
    func refused() {
        #expect(throws: OAuthError.unusableMetadata(issuer: "https://evil.example", reason: "it names another issuer, https://accounts.google.com")) {
            try AuthorizationServerMetadata.read(Data(Self.google.utf8), issuer: "https://evil.example")
        }
        let plain = Self.google.replacingOccurrences(of: "https://oauth2.googleapis.com/token", with: "http://oauth2.googleapis.com/token")
        #expect(throws: OAuthError.unusableMetadata(issuer: "https://accounts.google.com", reason: "the endpoint http://oauth2.googleapis.com/token is not HTTPS")) {
            try AuthorizationServerMetadata.read(Data(plain.utf8), issuer: "https://accounts.google.com")
        }
        let noS256 = Self.google.replacingOccurrences(of: #"["plain", "S256"]"#, with: #"["plain"]"#)
        #expect(throws: OAuthError.unusableMetadata(issuer: "https://accounts.google.com", reason: "it does not take PKCE with S256 (it lists plain)")) {
            try AuthorizationServerMetadata.read(Data(noS256.utf8), issuer: "https://accounts.google.com")
        }
        #expect(throws: OAuthError.malformed(source: "https://accounts.google.com", reason: "its metadata is not the JSON document RFC 8414 describes (no token_endpoint)")) {
            try AuthorizationServerMetadata.read(Data(#"{"issuer": "https://accounts.google.com", "authorization_endpoint": "https://a.example/"}"#.utf8), issuer: "https://accounts.google.com")
        }
    }

    @Test("a server the tests start on loopback may speak plain HTTP; no other may")
    func loopback() throws {
        let local = """
            {"issuer": "http://127.0.0.1:8123/o", "authorization_endpoint": "http://127.0.0.1:8123/o/authorize/",
             "token_endpoint": "http://127.0.0.1:8123/o/token/", "introspection_endpoint": "http://127.0.0.1:8123/o/introspect/"}
            """
        let metadata = try AuthorizationServerMetadata.read(Data(local.utf8), issuer: "http://127.0.0.1:8123/o/")
        #expect(metadata.introspectionEndpoint?.absoluteString == "http://127.0.0.1:8123/o/introspect/")
        #expect(!AuthorizationServerMetadata.isSecure(URL(string: "http://192.168.1.2/token")!))
        #expect(AuthorizationServerMetadata.isSecure(URL(string: "http://[::1]:9/token")!))
    }

    @Test("where metadata is asked for: RFC 8414's name before the issuer's path, then OpenID Connect's after it")
    func locations() {
        #expect(
            AuthorizationServerMetadata.locations(ofIssuer: URL(string: "https://accounts.google.com")!).map(\.absoluteString) == [
                "https://accounts.google.com/.well-known/oauth-authorization-server",
                "https://accounts.google.com/.well-known/openid-configuration",
            ])
        #expect(
            AuthorizationServerMetadata.locations(ofIssuer: URL(string: "https://login.example.com/tenant/v2.0/")!).map(\.absoluteString) == [
                "https://login.example.com/.well-known/oauth-authorization-server/tenant/v2.0",
                "https://login.example.com/tenant/v2.0/.well-known/openid-configuration",
            ])
    }
}
