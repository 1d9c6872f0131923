import Chrono

/// One DKIM signature of a message (RFC 6376), and whether it verified.
///
/// Kept on disk as JSON with what was found of a message; JSON written before ``signedFields``
/// and ``timestamp`` were kept still reads, without them.
public struct DKIMSignature: Sendable, Hashable, Codable {
    /// The signing domain (`d=`), lower case: who vouches for the message.
    public var domain: String
    /// The selector (`s=`), which names the key under the domain.
    public var selector: String
    /// The algorithm (`rsa-sha256`, `ed25519-sha256`).
    public var algorithm: String
    /// Whether it verified, and if not, why.
    public var outcome: DKIMOutcome
    /// Whether the signature covers the whole body: it has no body-length tag (`l=`), or one at
    /// least as long as the whole body in the signature's canonical form. One shorter than that
    /// leaves what follows unsigned: anyone may have added it.
    public var coversWholeBody: Bool
    /// The names of the header fields the signature signs (`h=`), lower case, in the order given,
    /// a name as many times as it is given (a name given once more than the message has it signs
    /// that the field is absent, RFC 6376 section 5.4.2). Empty when not known.
    public var signedFields: [String]
    /// When the signer says it signed (`t=`), if it says.
    public var timestamp: Instant?

    /// Creates a signature's record.
    public init(
        domain: String, selector: String, algorithm: String, outcome: DKIMOutcome, coversWholeBody: Bool = true, signedFields: [String] = [],
        timestamp: Instant? = nil
    ) {
        self.domain = domain
        self.selector = selector
        self.algorithm = algorithm
        self.outcome = outcome
        self.coversWholeBody = coversWholeBody
        self.signedFields = signedFields
        self.timestamp = timestamp
    }

    /// The name its key is published under: `s1._domainkey.united.com`.
    var keyName: String { Self.keyName(selector: selector, domain: domain) }

    /// Whether the signature signs a header field of that name (`Date`, in any case).
    public func signs(field name: String) -> Bool {
        signedFields.contains(name.lowercased())
    }

    /// The name the key of `selector` of `domain` is published under, lower case.
    static func keyName(selector: String, domain: String) -> String {
        "\(selector)._domainkey.\(domain)".lowercased()
    }

    private enum CodingKeys: String, CodingKey {
        case domain, selector, algorithm, outcome, coversWholeBody, signedFields, timestamp
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        domain = try container.decode(String.self, forKey: .domain)
        selector = try container.decode(String.self, forKey: .selector)
        algorithm = try container.decode(String.self, forKey: .algorithm)
        outcome = try container.decode(DKIMOutcome.self, forKey: .outcome)
        coversWholeBody = try container.decode(Bool.self, forKey: .coversWholeBody)
        // Not written before this version.
        signedFields = try container.decodeIfPresent([String].self, forKey: .signedFields) ?? []
        timestamp = try container.decodeIfPresent(Int64.self, forKey: .timestamp).map(Instant.init(secondsSinceEpoch:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain, forKey: .domain)
        try container.encode(selector, forKey: .selector)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(coversWholeBody, forKey: .coversWholeBody)
        try container.encode(signedFields, forKey: .signedFields)
        // Seconds since 1970, as t= has it.
        try container.encodeIfPresent(timestamp?.secondsSinceEpoch, forKey: .timestamp)
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
    /// The key is published in testing mode (`t=y` in its record): RFC 6376 (section 3.6.1) has
    /// such mail treated as unsigned, even when the signature verifies.
    case testingKey = "key-in-testing"
    /// The signature's expiry (`x=`) had passed at the time it was judged at.
    case expired
    /// The signature's time (`t=`) was in the future at the time it was judged at.
    case datedInFuture = "dated-in-future"
    /// The algorithm is one RFC 8301 no longer accepts (`rsa-sha1`) or one not known.
    case algorithm
    /// The signature's header is malformed or misses a required tag (or its times are not
    /// numbers, or it expires before it was made).
    case malformed
    /// Not checked: the keys of as many other signatures as are looked up for one message
    /// (``DKIMVerifier/maximumKeyLookups``, ``DKIMVerifier/maximumPreferredKeyLookups`` for the
    /// sender's own domain) were looked up before its turn came.
    case tooManySignatures = "too-many-signatures"
    /// Not checked: a signature of a domain the caller put first had verified already.
    case notNeeded = "not-needed"

    public var description: String {
        switch self {
        case .pass: "verified"
        case .bodyChanged: "the body was changed after signing"
        case .signatureMismatch: "the signature does not match (header fields changed after signing, or another key)"
        case .keyNotFound: "its key was not found"
        case .keyUnavailable: "its key could not be looked up now"
        case .keyRevoked: "its key was withdrawn"
        case .keyUnusable: "its key is not usable"
        case .testingKey: "its key is published in testing mode (t=y), so it counts as unsigned"
        case .expired: "the signature has expired (x=)"
        case .datedInFuture: "the signature is dated in the future (t=)"
        case .algorithm: "its algorithm is not accepted"
        case .malformed: "the signature is malformed"
        case .tooManySignatures:
            "it was not checked: the keys of as many other signatures as are looked up for one message were looked up first"
        case .notNeeded: "it was not checked: a signature of a domain checked first (the sender's) had verified already"
        }
    }
}
