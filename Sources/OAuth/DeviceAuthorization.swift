import Foundation

/// A sign-in on another device (RFC 8628, the device authorization grant): the person opens an
/// address on any device with a browser and types a short code there, while this program asks
/// the token endpoint whether they have, as often as the server allows.
///
/// Providers allow it for some scopes only: Microsoft's personal accounts for IMAP, Google not for
/// Gmail's or the calendar's ("OAuth 2.0 for TV and Limited-Input Device Applications", allowed
/// scopes). It suits a machine without a browser, where the loopback redirect cannot come back.
public struct DeviceAuthorization: Sendable, Hashable {
    /// The code this program polls with (a secret: it becomes the tokens).
    public var deviceCode: BearerToken
    /// The code the person types.
    public var userCode: String
    /// Where they type it.
    public var verificationURI: String
    /// The same address with the code in it, where the server gives one.
    public var verificationURIComplete: String?
    /// How many seconds the codes last.
    public var expiresIn: Int
    /// How many seconds to wait between polls.
    public var interval: Int

    /// Reads the device authorization endpoint's answer (RFC 8628 §3.2); an error object
    /// becomes ``OAuthError/refused(code:explanation:)``.
    public static func read(_ data: Data, from source: String) throws(OAuthError) -> DeviceAuthorization {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformed(source: source, reason: "its answer is not a JSON object")
        }
        if let code = object["error"] as? String {
            throw .refused(code: code, explanation: (object["error_description"] as? String).map(TokenResponse.plain))
        }
        // Microsoft's v2 endpoint says `verification_uri`; its older one said `verification_url`.
        guard let device = object["device_code"] as? String, !device.isEmpty, let user = object["user_code"] as? String, !user.isEmpty,
            let uri = (object["verification_uri"] ?? object["verification_url"]) as? String, let address = URL(string: uri),
            AuthorizationServerMetadata.isSecure(address)
        else {
            throw .malformed(source: source, reason: "its answer lacks a device_code, a user_code or an HTTPS verification_uri")
        }
        let complete = (object["verification_uri_complete"] as? String).flatMap { URL(string: $0).map(AuthorizationServerMetadata.isSecure) == true ? $0 : nil }
        return DeviceAuthorization(
            deviceCode: BearerToken(device), userCode: TokenResponse.plain(user), verificationURI: TokenResponse.plain(uri),
            verificationURIComplete: complete.map(TokenResponse.plain), expiresIn: Self.number(object["expires_in"]).flatMap { $0 > 0 ? $0 : nil } ?? 900,
            interval: max(1, Self.number(object["interval"]) ?? 5))
    }

    private static func number(_ value: Any?) -> Int? {
        (value as? Int) ?? (value as? String).flatMap { Int($0) }
    }
}
