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
/// A message is also verified when a server the person trusts (``trustedServers``, by the
/// authserv-id its `Authentication-Results` fields carry: `mx.google.com`) found on its arrival
/// that it passed DKIM with an aligned signature (`dkim=pass header.d=…`) or DMARC for its sender's
/// domain (`dmarc=pass header.from=…`). Only that server's topmost field counts, and only when
/// every server the message passed after it (the `Received` fields above it) is the same
/// organization's or one of its own machines: a field lower down, or one below a stranger's
/// server, may have been written by the sender. So mail whose keys were rotated since it arrived
/// (an archive, a Takeout export) is still believed on the provider's word.
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

    /// The servers whose `Authentication-Results` are believed, by authserv-id, lower case
    /// (`mx.google.com`).
    public var trustedServers: Set<String>

    /// A policy; by default any verified sender but free-mail strangers is believed, and no
    /// server's word is taken.
    public init(ownAddresses: Set<String> = [], trustedOrganizations: Set<String>? = nil, trustedServers: Set<String> = []) {
        self.ownAddresses = Set(ownAddresses.map { $0.lowercased() })
        self.trustedOrganizations = trustedOrganizations.map { Set($0.map { $0.lowercased() }) }
        self.trustedServers = Set(trustedServers.map { $0.lowercased() })
    }

    /// Whether the message's sender is verified and believed, and if not, why.
    public func verdict(for message: MessageAuthentication) -> SenderVerdict {
        guard let address = message.from.first?.lowercased(), address.contains("@") else { return .unverified(.noSender) }
        guard Set(message.from.map { $0.lowercased() }).count == 1 else { return .unverified(.severalSenders(message.from)) }
        let domain = Self.domain(of: address)
        let suffixes = PublicSuffixList.shared
        guard let organization = suffixes.organizationalDomain(of: domain) else { return .unverified(.invalidSenderDomain(domain)) }

        let aligned = message.signatures.filter { suffixes.organizationalDomain(of: $0.domain) == organization }
        let passed = aligned.filter { $0.outcome == .pass }
        let evidence: VerifiedSender.Evidence
        if let signature = passed.first(where: \.coversWholeBody) {
            evidence = .dkim(domain: signature.domain)
        } else if let vouching = vouching(message, for: organization) {
            // The server checked the signature as it was; what follows an `l=` is unsigned all the same.
            if let partial = aligned.first(where: { !$0.coversWholeBody }) { return .unverified(.partlySigned(domain: partial.domain)) }
            evidence = vouching
        } else if let partial = passed.first {
            return .unverified(.partlySigned(domain: partial.domain))
        } else {
            return .unverified(reason(message, aligned: aligned, organization: organization, sender: domain))
        }
        let isOwn = ownAddresses.contains(address)
        if !isOwn, FreeMailDomains.contains(domain) || FreeMailDomains.contains(organization) {
            return .unverified(.freeMail(address: address))
        }
        if !isOwn, let trustedOrganizations, !trustedOrganizations.contains(organization) {
            return .unverified(.notTrusted(organization: organization))
        }
        return .verified(VerifiedSender(address: address, organization: organization, evidence: evidence, isOwnAddress: isOwn))
    }

    /// What a trusted server's `Authentication-Results` vouch for the organization's mail with, if
    /// anything.
    private func vouching(_ message: MessageAuthentication, for organization: String) -> VerifiedSender.Evidence? {
        for field in message.authenticationResults where trustedServers.contains(field.server) && Self.cameStraight(field) {
            if let result = Self.pass(in: field, for: organization) {
                return .authenticationResults(server: field.server, method: result.method)
            }
        }
        return nil
    }

    /// A result of the field that says the organization's mail passed: DKIM with an aligned
    /// signing domain, or DMARC for an aligned `From`.
    private static func pass(in field: AuthenticationResults, for organization: String) -> AuthenticationResults.Result? {
        let suffixes = PublicSuffixList.shared
        return field.results.first { result in
            guard result.result == "pass" else { return false }
            switch result.method {
            case "dkim": return result.signingDomain.flatMap(suffixes.organizationalDomain(of:)) == organization
            case "dmarc": return result.properties["header.from"].flatMap(suffixes.organizationalDomain(of:)) == organization
            default: return false
            }
        }
    }

    /// Whether the message came straight from the server that wrote the field: every `Received`
    /// above it names a receiver of the same organization, or one of the server's own machines
    /// (an address, or a name no one can register: `compute3.internal`).
    private static func cameStraight(_ field: AuthenticationResults) -> Bool {
        let suffixes = PublicSuffixList.shared
        let own = suffixes.organizationalDomain(of: field.server)
        return field.receivedAbove.allSatisfy { host in
            let host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
            guard !host.isEmpty, !host.contains(":"), !host.allSatisfy({ $0.isNumber || $0 == "." }), suffixes.isInPublicNamespace(host)
            else { return true }
            guard let organization = suffixes.organizationalDomain(of: host) else { return true }
            return organization == own
        }
    }

    /// Why no aligned signature verified, and no trusted server vouched: a trusted server's
    /// failing results first; then the sender's own signatures' failure (a key that could not be
    /// looked up before the others, since a later run may verify it); then a server not trusted
    /// vouching; then another domain's good signature, then another domain's failure.
    private func reason(
        _ message: MessageAuthentication, aligned: [DKIMSignature], organization: String, sender: String
    ) -> UnverifiedReason {
        if let field = message.authenticationResults.first(where: { trustedServers.contains($0.server) && Self.cameStraight($0) }) {
            let results = field.results.filter { ["dkim", "dmarc"].contains($0.method) }.map { "\($0.method)=\($0.result)" }
            return .failedOnArrival(server: field.server, results: results.isEmpty ? "no DKIM or DMARC result" : results.joined(separator: ", "))
        }
        if let signature = aligned.first(where: { $0.outcome == .keyUnavailable }) {
            return .signatureFailed(domain: signature.domain, outcome: signature.outcome)
        }
        if let field = message.authenticationResults.first, !trustedServers.contains(field.server), Self.pass(in: field, for: organization) != nil {
            return .untrustedServer(field.server)
        }
        if let signature = aligned.first {
            return .signatureFailed(domain: signature.domain, outcome: signature.outcome)
        }
        let others = message.signatures.filter { $0.outcome == .pass }.map(\.domain)
        if !others.isEmpty { return .signedByAnotherDomain(signers: Array(Set(others)).sorted(), sender: sender) }
        if let signature = message.signatures.first { return .signatureFailed(domain: signature.domain, outcome: signature.outcome) }
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
