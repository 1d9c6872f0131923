import Chrono
import DKIM

/// What can be known of who sent a message, found when it is read: the addresses its `From`
/// names, its DKIM signatures, each with whether it verified, and what the servers it passed
/// found on its arrival (`Authentication-Results`).
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
    /// For each server that wrote `Authentication-Results`, the topmost such field it wrote, top
    /// down: a copy further down may have been written by the sender.
    public var authenticationResults: [AuthenticationResults]
    /// When the message says it was sent (its `Date` field), which counts only where a signature
    /// that vouches for the message signs that field.
    public var date: Instant?

    /// Creates a record of a message's authentication.
    public init(from: [String], signatures: [DKIMSignature], authenticationResults: [AuthenticationResults] = [], date: Instant? = nil) {
        self.from = from
        self.signatures = signatures
        self.authenticationResults = authenticationResults
        self.date = date
    }

    /// The server of the topmost `Authentication-Results`: the last to check the message, most
    /// often the person's own provider.
    public var topmostServer: String? {
        authenticationResults.first?.server
    }

    /// Whether a later look at the message may find otherwise: a key could not be looked up.
    public var isProvisional: Bool {
        signatures.contains { $0.outcome == .keyUnavailable }
    }
}
