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
    var authenticationResults: [AuthenticationResults]
    /// When the message says it was sent (its `Date` field, when it has exactly one), which
    /// counts only where a signature that vouches for the message signs that field.
    public var date: Instant?
    /// How many times the message's header carries each of the fields that say who sent it,
    /// when, and how its body reads (``protectedFields``), by lower-case name: a signature must
    /// sign every one of them, since one added after signing would change what the signed
    /// message says.
    var fieldCounts: [String: Int]

    /// The fields a message carries at most once (RFC 5322, section 3.6; RFC 2045), whose every
    /// instance a signature that vouches for the message must sign where the message has them:
    /// who sent it, when, its subject, and how its body is to be read.
    static let protectedFields = ["from", "sender", "date", "subject", "mime-version", "content-type", "content-transfer-encoding"]

    /// Creates a record of a message's authentication.
    public init(
        from: [String], signatures: [DKIMSignature], authenticationResults: [AuthenticationResults] = [], date: Instant? = nil,
        fieldCounts: [String: Int] = [:]
    ) {
        self.from = from
        self.signatures = signatures
        self.authenticationResults = authenticationResults
        self.date = date
        self.fieldCounts = fieldCounts
    }

    private enum CodingKeys: String, CodingKey {
        case from, signatures, authenticationResults, date, fieldCounts
    }

    /// Reads a record kept before; one kept by an earlier version, without ``fieldCounts``, reads
    /// with none (they are read afresh from the message, as ``SenderVerifier/refreshed(_:message:serverVerdicts:)`` does).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode([String].self, forKey: .from)
        signatures = try container.decode([DKIMSignature].self, forKey: .signatures)
        authenticationResults = try container.decodeIfPresent([AuthenticationResults].self, forKey: .authenticationResults) ?? []
        date = try container.decodeIfPresent(Instant.self, forKey: .date)
        fieldCounts = try container.decodeIfPresent([String: Int].self, forKey: .fieldCounts) ?? [:]
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
