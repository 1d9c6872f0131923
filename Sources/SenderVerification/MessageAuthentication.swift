import DKIM

/// What can be known of who sent a message, found when it is read: the addresses its `From`
/// names and its DKIM signatures, each with whether it verified.
///
/// These are facts about the message, not a judgement: ``SenderPolicy`` judges them, with the
/// person's own trust settings, at every run. So trusting another domain later changes the
/// answer, while a key rotated since the message arrived does not.
public struct MessageAuthentication: Sendable, Hashable, Codable {
    /// The addresses of every `From` field, in order (`reservations@united.com`); a message
    /// from one sender has exactly one.
    public var from: [String]
    /// The DKIM signatures, in the order they appear.
    public var signatures: [DKIMSignature]

    /// Creates a record of a message's authentication.
    public init(from: [String], signatures: [DKIMSignature]) {
        self.from = from
        self.signatures = signatures
    }

    /// Whether a later look at the message may find otherwise: a key could not be looked up.
    public var isProvisional: Bool {
        signatures.contains { $0.outcome == .keyUnavailable }
    }
}
