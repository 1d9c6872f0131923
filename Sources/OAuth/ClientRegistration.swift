import Foundation

/// Who this program is to an authorization server: a client the person registered with the
/// provider and brings, as vdirsyncer's and gcalcli's users do (Google's Cloud console gives a
/// `client_secret_*.json` for a desktop app; Microsoft's portal an application ID). A desktop
/// app's "secret" is not secret (RFC 8252 §8.5), but it is kept as carefully as the tokens.
public struct ClientRegistration: Sendable, Hashable {
    /// The client's identifier.
    public var clientID: String
    /// The secret the provider issued with it, where it issues one (Google does).
    public var clientSecret: BearerToken?

    /// A client by its identifier and, where there is one, its secret.
    public init(clientID: String, clientSecret: String? = nil) {
        self.clientID = clientID
        self.clientSecret = clientSecret.map(BearerToken.init)
    }

    /// Reads Google's downloaded `client_secret_*.json` as it is: `{"installed": {"client_id":
    /// …, "client_secret": …, …}}` (a desktop app's), or the same under `"web"`.
    ///
    /// - Throws: ``OAuthError/registration(_:)`` when it is not such a file.
    public static func google(_ data: Data) throws(OAuthError) -> ClientRegistration {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .registration("the client file is not JSON (download it again from the Cloud console: APIs & Services, Credentials)")
        }
        guard let app = (object["installed"] ?? object["web"]) as? [String: Any] else {
            throw .registration("the client file has neither \"installed\" nor \"web\": is it a client_secret_*.json of an OAuth client?")
        }
        guard let id = app["client_id"] as? String, !id.isEmpty else {
            throw .registration("the client file has no client_id")
        }
        return ClientRegistration(clientID: id, clientSecret: app["client_secret"] as? String)
    }

    /// The form that gets a new access token with `refreshToken` (RFC 6749 §6).
    public func refreshForm(refreshToken: BearerToken) -> [(name: String, value: String)] {
        [("grant_type", "refresh_token"), ("refresh_token", refreshToken.value)] + formFields
    }

    /// The form that revokes `token` and, for a refresh token, the grant with it (RFC 7009 §2.1).
    public func revocationForm(token: BearerToken, hint: String = "refresh_token") -> [(name: String, value: String)] {
        [("token", token.value), ("token_type_hint", hint)] + formFields
    }

    /// The fields that say who the client is in a request to the token endpoint (RFC 6749
    /// §2.3.1: in the body, as Google and Microsoft take them).
    var formFields: [(name: String, value: String)] {
        [("client_id", clientID)] + (clientSecret.map { [("client_secret", $0.value)] } ?? [])
    }
}
