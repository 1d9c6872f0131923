/// One DKIM signature of a message (RFC 6376), and whether it verified.
public struct DKIMSignature: Sendable, Hashable, Codable {
    /// The signing domain (`d=`), lower case: who vouches for the message.
    public var domain: String
    /// The selector (`s=`), which names the key under the domain.
    public var selector: String
    /// The algorithm (`rsa-sha256`, `ed25519-sha256`).
    public var algorithm: String
    /// Whether it verified, and if not, why.
    public var outcome: DKIMOutcome
    /// Whether the signature covers the whole body. A body-length tag (`l=`) shorter than the
    /// body leaves what follows unsigned: anyone may have added it.
    public var coversWholeBody: Bool

    /// Creates a signature's record.
    public init(domain: String, selector: String, algorithm: String, outcome: DKIMOutcome, coversWholeBody: Bool = true) {
        self.domain = domain
        self.selector = selector
        self.algorithm = algorithm
        self.outcome = outcome
        self.coversWholeBody = coversWholeBody
    }

    /// The name its key is published under: `s1._domainkey.united.com`.
    public var keyName: String { Self.keyName(selector: selector, domain: domain) }

    /// The name the key of `selector` of `domain` is published under, lower case.
    static func keyName(selector: String, domain: String) -> String {
        "\(selector)._domainkey.\(domain)".lowercased()
    }
}

/// Whether a DKIM signature verified, and if not, why: each case says what a person would check.
public enum DKIMOutcome: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The signature verified with the domain's key: the signed header fields and body are what
    /// the domain sent.
    case pass
    /// The body is not what was signed: it was changed after signing.
    case bodyChanged = "body-changed"
    /// The signature does not match: the signed header fields were changed after signing, or it
    /// was not made with the published key.
    case signatureMismatch = "signature-mismatch"
    /// The domain publishes no key of that name (withdrawn, or never there).
    case keyNotFound = "key-not-found"
    /// The key could not be looked up now (DNS did not answer): not verified for now.
    case keyUnavailable = "key-unavailable"
    /// The domain withdrew the key (an empty `p=`).
    case keyRevoked = "key-revoked"
    /// The key record is not a usable key (wrong type, cannot be decoded, too small).
    case keyUnusable = "key-unusable"
    /// The signature's expiry (`x=`) has passed, or its time (`t=`) is in the future.
    case expired
    /// The algorithm is one RFC 8301 no longer accepts (`rsa-sha1`) or one not known.
    case algorithm
    /// The signature's header is malformed or misses a required tag.
    case malformed

    public var description: String {
        switch self {
        case .pass: "verified"
        case .bodyChanged: "the body was changed after signing"
        case .signatureMismatch: "the signature does not match (header fields changed after signing, or another key)"
        case .keyNotFound: "its key was not found"
        case .keyUnavailable: "its key could not be looked up now"
        case .keyRevoked: "its key was withdrawn"
        case .keyUnusable: "its key is not usable"
        case .expired: "the signature has expired"
        case .algorithm: "its algorithm is not accepted"
        case .malformed: "the signature is malformed"
        }
    }
}
