/// How e-mails' senders are checked before their bookings are used: how signatures are verified
/// (``verifier``, with its key source), and whom the person believes and what becomes of the
/// rest (``policy``).
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
    ///
    /// - Parameter attached: Whether the message is attached to another (a forwarded
    ///   confirmation): it carries only its own signatures, no server's verdict.
    public func examine(_ message: [UInt8], attached: Bool = false) -> (authentication: MessageAuthentication, verdict: SenderVerdict) {
        let authentication = authenticate(message, attached: attached)
        return (authentication, policy.verdict(for: authentication))
    }

    /// What the message says of its sender: its signatures verified as of its arrival at a server
    /// the person trusts, when one provably took it in, and the servers' verdicts unless it is
    /// attached to another message or they are not to be read (`serverVerdicts` off: a message
    /// that came from no mailbox of the person's).
    public func authenticate(_ message: [UInt8], attached: Bool = false, serverVerdicts: Bool = true) -> MessageAuthentication {
        let readsVerdicts = serverVerdicts && !attached
        return verifier.authenticate(message, trustedServers: readsVerdicts ? policy.trustedServers : [], serverVerdicts: readsVerdicts)
    }
}
