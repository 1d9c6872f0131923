import Crypto

/// Proof Key for Code Exchange (RFC 7636): the secret that binds an authorization code to the
/// program that asked for it, so that a code read off the redirect by another program on the
/// machine is worth nothing without it.
///
/// The verifier is 32 random bytes in base64url (43 characters, §4.1); the challenge sent with
/// the authorization request is its SHA-256, in base64url (`S256`, §4.2, which every server must
/// take). The verifier goes only to the token endpoint.
public struct PKCE: Sendable, Hashable {
    /// The secret, sent with the code to the token endpoint.
    public let verifier: String
    /// What the authorization request carries: `BASE64URL(SHA256(verifier))`.
    public let challenge: String
    /// How the challenge is made: always `S256`.
    public static let method = "S256"

    /// A new verifier, from the system's generator of random numbers.
    public init() {
        self.init(verifier: Base64URL.random(bytes: 32))
    }

    /// The challenge of a given verifier (for tests, and RFC 7636's example).
    public init(verifier: String) {
        self.verifier = verifier
        challenge = Base64URL.encode(SHA256.hash(data: Array(verifier.utf8)))
    }

    /// Whether a text is a verifier RFC 7636 allows: 43 to 128 of `A-Z a-z 0-9 - . _ ~`.
    public static func isValidVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
            }
    }
}
