import DKIM
import PublicSuffix

/// Whom a person believes: the rule that says whether a message's bookings may make, change or
/// cancel events, applied to what ``SenderVerifier`` found.
///
/// A message is verified when a DKIM signature (RFC 6376) verifies whose domain is aligned with
/// the domain of its `From` as DMARC's relaxed alignment has it (RFC 7489, section 3.1.1: the same
/// organizational domain by the Public Suffix List, so `d=mail.united.com` vouches for
/// `reservations@united.com`), and covers the whole body. On top of that:
///
/// - mail from a free-mail domain (``FreeMailDomains``) is believed only from the person's own
///   addresses (``ownAddresses``), so that a booking forwarded to oneself counts and one from a
///   stranger's free account does not;
/// - with ``trustedOrganizations``, only those organizations' mail (and the person's own) is
///   believed, as Apple's registered domains are.
///
/// ```swift
/// var policy = SenderPolicy()
/// policy.ownAddresses = ["ada@gmail.com"]
/// policy.verdict(for: SenderVerifier().authenticate(bytes))
/// ```
public struct SenderPolicy: Sendable, Hashable {
    /// The person's own addresses, lower case: mail from them is theirs, at a free-mail provider too.
    public var ownAddresses: Set<String>
    /// The organizational domains whose mail alone is believed (`united.com`); `nil` believes any
    /// verified sender.
    public var trustedOrganizations: Set<String>?

    /// A policy; by default any verified sender but free-mail strangers is believed.
    public init(ownAddresses: Set<String> = [], trustedOrganizations: Set<String>? = nil) {
        self.ownAddresses = Set(ownAddresses.map { $0.lowercased() })
        self.trustedOrganizations = trustedOrganizations.map { Set($0.map { $0.lowercased() }) }
    }

    /// Whether the message's sender is verified and believed, and if not, why.
    public func verdict(for message: MessageAuthentication) -> SenderVerdict {
        guard let address = message.from.first?.lowercased() else { return .unverified(.noSender) }
        guard Set(message.from.map { $0.lowercased() }).count == 1 else { return .unverified(.severalSenders(message.from)) }
        let domain = Self.domain(of: address)
        let suffixes = PublicSuffixList.shared
        guard let organization = suffixes.organizationalDomain(of: domain) else { return .unverified(.invalidSenderDomain(domain)) }

        let aligned = message.signatures.filter { suffixes.organizationalDomain(of: $0.domain) == organization }
        let passed = aligned.filter { $0.outcome == .pass }
        guard let signature = passed.first(where: \.coversWholeBody) else {
            if let partial = passed.first { return .unverified(.partlySigned(domain: partial.domain)) }
            return .unverified(Self.reason(aligned: aligned, all: message.signatures, sender: domain))
        }
        let isOwn = ownAddresses.contains(address)
        if !isOwn, FreeMailDomains.contains(domain) || FreeMailDomains.contains(organization) {
            return .unverified(.freeMail(address: address))
        }
        if !isOwn, let trustedOrganizations, !trustedOrganizations.contains(organization) {
            return .unverified(.notTrusted(organization: organization))
        }
        return .verified(VerifiedSender(address: address, organization: organization, signingDomain: signature.domain, isOwnAddress: isOwn))
    }

    /// Why no aligned signature verified: the sender's own signatures' failure first (a key that
    /// could not be looked up before the others, since a later run may verify it), then
    /// another domain's good signature, then another domain's failure.
    private static func reason(aligned: [DKIMSignature], all: [DKIMSignature], sender: String) -> UnverifiedReason {
        if let signature = aligned.first(where: { $0.outcome == .keyUnavailable }) ?? aligned.first {
            return .signatureFailed(domain: signature.domain, outcome: signature.outcome)
        }
        let others = all.filter { $0.outcome == .pass }.map(\.domain)
        if !others.isEmpty { return .signedByAnotherDomain(signers: Array(Set(others)).sorted(), sender: sender) }
        if let signature = all.first { return .signatureFailed(domain: signature.domain, outcome: signature.outcome) }
        return .noSignature
    }

    /// The organizational domain of a domain (`united.com` of `mail.united.com`), as the policy
    /// compares senders by; `nil` for a public suffix or a name that is no domain.
    public static func organization(of domain: String) -> String? {
        PublicSuffixList.shared.organizationalDomain(of: domain)
    }

    /// The domain of an address, lower case, without a final dot.
    static func domain(of address: String) -> String {
        let domain = address.split(separator: "@").last.map(String.init)?.lowercased() ?? ""
        return domain.hasSuffix(".") ? String(domain.dropLast()) : domain
    }
}
