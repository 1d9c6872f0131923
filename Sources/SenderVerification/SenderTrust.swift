/// How e-mails' senders are checked before their bookings are used: how signatures are verified
/// (``verifier``, with its key source), whom the person believes (``policy``), and whether the
/// bookings of unverified mail are used anyway (``acceptsUnverified``, for testing one's own
/// markup, as Apple's developer setting "Allow Unverified Sources" does).
///
/// ```swift
/// var trust = SenderTrust(verifier: SenderVerifier(keys: try DKIMKeyFile(path: "keys.txt")))
/// trust.policy.ownAddresses = ["ada@gmail.com"]
/// trust.verdict(of: bytes)   // verified: reservations@united.com (DKIM signature of united.com)
/// ```
public struct SenderTrust: Sendable {
    /// How a message's signatures are verified, and where keys come from.
    public var verifier: SenderVerifier
    /// Whose mail is believed.
    public var policy: SenderPolicy
    /// Whether the bookings of unverified mail are used all the same (each still reported).
    public var acceptsUnverified: Bool

    /// Checks senders with these parts; by default, keys from DNS and any verified sender but a
    /// free-mail stranger believed.
    public init(verifier: SenderVerifier = SenderVerifier(), policy: SenderPolicy = SenderPolicy(), acceptsUnverified: Bool = false) {
        self.verifier = verifier
        self.policy = policy
        self.acceptsUnverified = acceptsUnverified
    }

    /// Whether a message's sender is verified and believed.
    public func verdict(of message: [UInt8]) -> SenderVerdict {
        examine(message).verdict
    }

    /// What the message says of its sender, and the verdict on it.
    public func examine(_ message: [UInt8]) -> (authentication: MessageAuthentication, verdict: SenderVerdict) {
        let authentication = verifier.authenticate(message)
        return (authentication, policy.verdict(for: authentication))
    }
}
