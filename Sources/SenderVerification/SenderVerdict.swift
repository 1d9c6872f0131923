import Chrono
import DKIM
import Reservations

/// Whether a message provably comes from its sender, by ``SenderPolicy``: only a verified
/// message's bookings make, change or cancel events.
public enum SenderVerdict: Sendable, Hashable, CustomStringConvertible {
    /// The sender is who the message says, and is trusted.
    case verified(VerifiedSender)
    /// It is not known who sent the message, or the sender is not one to believe; why.
    case unverified(UnverifiedReason)

    /// The verified sender, if any.
    public var sender: VerifiedSender? {
        if case .verified(let sender) = self { sender } else { nil }
    }

    public var description: String {
        switch self {
        case .verified(let sender): "verified: \(sender)"
        case .unverified(let reason): "not verified: \(reason)"
        }
    }
}

/// A sender found to be who the message says, and believed.
public struct VerifiedSender: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The address of the message's `From`, lower case.
    public var address: String
    /// The organizational domain of that address (`united.com` of `news.united.com`): whose
    /// bookings the message's are.
    public var organization: String
    /// What vouches for it.
    public var evidence: Evidence
    /// Why the sender is believed.
    public var standing: Standing
    /// When the message was sent, as far as what vouches for it says: its `Date` when the
    /// signature signs that field, else when the trusted server that vouches for it took it in;
    /// `nil` when neither does, since anyone may have changed an unsigned date (a replayed old
    /// confirmation with a new `Date`).
    public var signedTime: Instant?

    /// What shows that a message comes from its sender.
    public enum Evidence: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A DKIM signature of this domain (the sender's own, or a subdomain of it) verified.
        case dkim(domain: String)
        /// A server the person trusts (its authserv-id) found on arrival that the message passed
        /// this method (`dkim`, `dmarc`) for the sender's domain.
        case authenticationResults(server: String, method: String)

        public var description: String {
            switch self {
            case .dkim(let domain): "DKIM signature of \(domain)"
            case .authenticationResults(let server, let method): "\(method)=pass by \(server)"
            }
        }
    }

    /// Why a verified sender is believed.
    public enum Standing: String, Sendable, Hashable, Codable {
        /// It is one of the person's own addresses.
        case own
        /// Its organization is in the registry of known booking senders.
        case known
        /// Its organization is one the person names (`--trust-sender`).
        case named
        /// The person believes any verified organization (`--trust-verified`).
        case anyVerified = "any-verified"
    }

    /// Creates a verified sender.
    public init(address: String, organization: String, evidence: Evidence, standing: Standing = .known, signedTime: Instant? = nil) {
        self.address = address
        self.organization = organization
        self.evidence = evidence
        self.standing = standing
        self.signedTime = signedTime
    }

    /// Whether the address is one of the person's own.
    public var isOwnAddress: Bool { standing == .own }

    /// The sender as the bookings of its mail carry it.
    public var bookingSender: BookingSender {
        let standing: BookingSender.Standing =
            switch self.standing {
            case .own: .own
            case .known, .named: .known
            case .anyVerified: .anyVerified
            }
        return BookingSender(organization: organization, standing: standing)
    }

    public var description: String {
        "\(address) (\(evidence))"
    }
}

/// Why a message is not taken to come from its sender. Each says what a person would check.
public enum UnverifiedReason: Sendable, Hashable, CustomStringConvertible {
    /// The message names no sender (`From`).
    case noSender
    /// The message names several senders; DMARC, like this tool, cannot tell whose it is.
    case severalSenders([String])
    /// The sender's domain is no domain anyone can hold (a public suffix, or not a host name).
    case invalidSenderDomain(String)
    /// The message has no DKIM signature.
    case noSignature
    /// The DKIM signature of the sender's domain (or of another) does not verify, and why.
    case signatureFailed(domain: String, outcome: DKIMOutcome)
    /// Only other domains' signatures verify: the message was not signed by its sender's.
    case signedByAnotherDomain(signers: [String], sender: String)
    /// The sender's signature covers only the start of the body (`l=`): what follows it was
    /// not signed, and may have been added by anyone.
    case partlySigned(domain: String)
    /// The sender's signature leaves out a header field that decides who sent the message or how
    /// its body reads (`Content-Type`, `Content-Transfer-Encoding`…): anyone may have added it.
    case unsignedField(domain: String, field: String)
    /// The message carries a field twice that it may carry once (`Date`, `From`, `Content-Type`…):
    /// one was added after signing.
    case repeatedField(String)
    /// The sender's address is at a free-mail provider, where anyone can have an address, and is
    /// not one of the person's own.
    case freeMail(address: String)
    /// The sender's address is at a mailing-list host or a relay, where anyone can have an
    /// address, and is not one of the person's own.
    case sharedAddress(address: String, kind: SharedAddressDomains.Kind)
    /// The sender is verified, but its organization is no known booking sender, none the person
    /// names, and not the person's own.
    case unknownSender(organization: String)
    /// Only a server the person does not trust says the message passed its checks on arrival.
    case untrustedServer(String)
    /// A server the person trusts found on arrival that the message did not pass (its results).
    case failedOnArrival(server: String, results: String)

    /// Whether a later run may find otherwise: the key could not be looked up now.
    public var isProvisional: Bool {
        if case .signatureFailed(_, .keyUnavailable) = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .noSender: "it names no sender (From)"
        case .severalSenders(let addresses): "it names several senders (\(addresses.joined(separator: ", ")))"
        case .invalidSenderDomain(let domain): "its sender's domain \(domain) is not one an organization can hold"
        case .noSignature: "it has no DKIM signature"
        case .signatureFailed(let domain, .keyUnavailable):
            "the key of its DKIM signature by \(domain) could not be looked up now; it is tried again on the next run"
        case .signatureFailed(let domain, let outcome) where domain.isEmpty: "its DKIM signature does not verify (\(outcome))"
        case .signatureFailed(let domain, let outcome): "its DKIM signature by \(domain) does not verify (\(outcome))"
        case .signedByAnotherDomain(let signers, let sender):
            "it is signed by \(signers.joined(separator: ", ")), not by its sender's domain \(sender)"
        case .partlySigned(let domain):
            "its DKIM signature by \(domain) covers only the start of the body (l=); what follows was added by someone"
        case .unsignedField(let domain, let field):
            "its DKIM signature by \(domain) does not sign its \(field) field, which decides how the message reads; anyone may have added it"
        case .repeatedField(let field): "it carries its \(field) field twice, so one of them was added after it was sent"
        case .freeMail(let address): "\(address) is at a free-mail provider, where anyone can have an address, and is not one of your own"
        case .sharedAddress(let address, .mailingList):
            "\(address) is a mailing list's address, whose mail any member may send, and is not one of your own"
        case .sharedAddress(let address, _):
            "\(address) is at a relay or alias service, behind which anyone may stand, and is not one of your own"
        case .unknownSender(let organization): "\(organization) is verified, but is not a known booking sender"
        case .untrustedServer(let server):
            "only \(server) vouches for it (Authentication-Results), a server that is not trusted"
        case .failedOnArrival(let server, let results): "\(server) found on its arrival that it did not pass (\(results))"
        }
    }
}
