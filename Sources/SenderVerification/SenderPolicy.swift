import Chrono
import DKIM
import PublicSuffix
import Reservations

/// Whom a person believes: the one rule that says whether a message's bookings may make, change
/// or cancel events, applied to what ``SenderVerifier`` found, and whose mail may change a booking
/// another's mail made (``mayChange(bookedBy:by:)``).
///
/// A message is **verified** when a DKIM signature (RFC 6376) verifies whose domain is aligned
/// with the domain of its `From` as DMARC's relaxed alignment has it (RFC 7489, section 3.1.1: the
/// same organizational domain by the Public Suffix List, so `d=mail.united.com` vouches for
/// `reservations@united.com`), and covers the whole body. A verified stranger is still not a
/// vendor, so a verified message's bookings are **believed** only when it comes from:
///
/// - a known booking sender (``knownSenders``: the registry shipped with the tool, and the
///   organizations the person names, `--trust-sender`);
/// - one of the person's own addresses (``ownAddresses``), so that a booking forwarded to oneself
///   counts;
/// - any verified organization, when the person says so (``believesAnyVerified``,
///   `--trust-verified`).
///
/// Mail from a free-mail provider (``FreeMailDomains``), a mailing list or a relay
/// (``SharedAddressDomains``), where anyone can have an address, is never an organization's: it is
/// believed only from the person's own addresses. On a multi-tenant domain (`*.onmicrosoft.com`)
/// each tenant is an organization of its own.
///
/// A message is also verified when a server the person trusts (``trustedServers``, by the
/// authserv-id its `Authentication-Results` fields carry: `mx.google.com`) found on its arrival
/// that it passed DKIM with an aligned signature (`dkim=pass header.d=…`) or DMARC for its sender's
/// domain (`dmarc=pass header.from=…`), and no DMARC failure for it. Only that server's topmost
/// field counts, and only when it is provably that server's (``AuthenticationResults/isProven``):
/// a `Received` field of the server's organization beside it, and every server the message passed
/// after it of the same organization or one of its own machines. A field lower down, one below a
/// stranger's server, one with no `Received` of its server beside it (a file that never passed a
/// server), or one in an attached message, may have been written by the sender. So mail whose
/// keys were rotated since it arrived (an archive, a Takeout export) is still believed on the
/// provider's word.
///
/// Whether the bookings of mail that is not believed are used all the same is the policy's too
/// (``acceptsUnverified``, for testing one's own markup).
///
/// ```swift
/// var policy = SenderPolicy()
/// policy.ownAddresses = ["ada@gmail.com"]
/// policy.verdict(for: SenderVerifier().authenticate(bytes))
/// ```
public struct SenderPolicy: Sendable, Hashable {
    /// The person's own addresses, lower case: mail from them is theirs, at a free-mail provider too.
    public var ownAddresses: Set<String>
    /// The organizations whose mail is believed: the registry, and those the person names.
    public var knownSenders: KnownSenders
    /// Whether any verified organization's mail is believed, known or not (`--trust-verified`).
    public var believesAnyVerified: Bool
    /// The servers whose `Authentication-Results` are believed, by authserv-id, lower case
    /// (`mx.google.com`).
    public var trustedServers: Set<String>
    /// Whether the bookings of mail that is not believed are used all the same (each still
    /// reported): for testing one's own markup, as Apple's developer setting "Allow Unverified
    /// Sources" does.
    public var acceptsUnverified: Bool

    /// A policy; by default the known booking senders' verified mail and the person's own is
    /// believed, and no server's word is taken.
    public init(
        ownAddresses: Set<String> = [], knownSenders: KnownSenders = KnownSenders(), believesAnyVerified: Bool = false,
        trustedServers: Set<String> = [], acceptsUnverified: Bool = false
    ) {
        self.ownAddresses = Set(ownAddresses.map { $0.lowercased() })
        self.knownSenders = knownSenders
        self.believesAnyVerified = believesAnyVerified
        self.trustedServers = Set(trustedServers.map { $0.lowercased() })
        self.acceptsUnverified = acceptsUnverified
    }

    /// Whether the message's sender is verified and believed, and if not, why.
    public func verdict(for message: MessageAuthentication) -> SenderVerdict {
        guard let address = message.from.first?.lowercased(), address.contains("@") else { return .unverified(.noSender) }
        guard Set(message.from.map { $0.lowercased() }).count == 1 else { return .unverified(.severalSenders(message.from)) }
        let domain = Self.domain(of: address)
        guard let organization = Self.organization(of: domain) else { return .unverified(.invalidSenderDomain(domain)) }

        // A field the message may carry once, carried twice: one of them was added after signing
        // (a signature signs the lower, a reader shows the upper).
        if let repeated = MessageAuthentication.protectedFields.first(where: { (message.fieldCounts[$0] ?? 0) > 1 }) {
            return .unverified(.repeatedField(Self.fieldName(repeated)))
        }
        let aligned = message.signatures.filter { Self.organization(of: $0.domain) == organization }
        let passed = aligned.filter { $0.outcome == .pass }
        let evidence: VerifiedSender.Evidence
        if let signature = passed.first(where: { $0.coversWholeBody && unsignedField(of: message, by: $0) == nil }) {
            evidence = .dkim(domain: signature.domain)
        } else if let vouching = vouching(message, for: organization) {
            // The server checked the signature as it was; what follows an `l=` is unsigned all the same.
            if let partial = aligned.first(where: { !$0.coversWholeBody }) { return .unverified(.partlySigned(domain: partial.domain)) }
            // So are header fields the sender's signature leaves out.
            if !aligned.isEmpty, !aligned.contains(where: { unsignedField(of: message, by: $0) == nil }),
                let field = unsignedField(of: message, by: aligned[0])
            {
                return .unverified(.unsignedField(domain: aligned[0].domain, field: Self.fieldName(field)))
            }
            evidence = vouching
        } else if let partial = passed.first(where: { !$0.coversWholeBody }) {
            return .unverified(.partlySigned(domain: partial.domain))
        } else if let signature = passed.first, let field = unsignedField(of: message, by: signature) {
            return .unverified(.unsignedField(domain: signature.domain, field: Self.fieldName(field)))
        } else {
            return .unverified(reason(message, aligned: aligned, organization: organization, sender: domain))
        }
        let signedTime: Instant?
        switch evidence {
        case .dkim:
            signedTime = passed.contains { $0.coversWholeBody && $0.signs(field: "date") } ? message.date : nil
        case .authenticationResults(let server, _):
            signedTime =
                aligned.contains { $0.signs(field: "date") }
                ? message.date : message.authenticationResults.first { $0.server == server }?.hop?.date
        }
        if isOwn(address) {
            return .verified(VerifiedSender(address: address, organization: organization, evidence: evidence, standing: .own, signedTime: signedTime))
        }
        // A tenant of a multi-tenant domain is anyone's (a trial costs nothing), unless the person
        // names that very tenant.
        let namedTenant = SharedAddressDomains.organization(of: domain) != nil && knownSenders.named.contains(organization)
        if !namedTenant, FreeMailDomains.contains(domain) || FreeMailDomains.contains(organization) {
            return .unverified(.freeMail(address: address))
        }
        if let kind = SharedAddressDomains.kind(of: domain) { return .unverified(.sharedAddress(address: address, kind: kind)) }
        let standing: VerifiedSender.Standing
        if KnownSenders.entry(for: organization) != nil {
            standing = .known
        } else if knownSenders.named.contains(organization) {
            standing = .named
        } else if believesAnyVerified {
            standing = .anyVerified
        } else {
            return .unverified(.unknownSender(organization: organization))
        }
        return .verified(VerifiedSender(address: address, organization: organization, evidence: evidence, standing: standing, signedTime: signedTime))
    }

    /// Whose booking a booking is: the organization whose mail made it, or the person.
    public struct Maker: Sendable, Hashable {
        /// The organization (`united.com`); `nil` when the person made it, or nothing is known.
        public var organization: String?
        /// Whether the person's own inputs (or address) made it.
        public var isPerson: Bool

        public init(organization: String?, isPerson: Bool = false) {
            self.organization = organization
            self.isPerson = isPerson
        }
    }

    /// What a feed remembers of who made a booking it has.
    public enum Remembered: Sendable, Hashable {
        /// This organization's mail made it.
        case organization(String)
        /// The feed has the booking's event but says of no organization that made it: the
        /// person's own inputs did, or a version that remembered no maker wrote it.
        case unrecorded
    }

    /// Who made a booking, from what the feed remembers and the senders of its sources in this
    /// run, oldest first (`nil` for the person's own inputs):
    ///
    /// 1. the organization the feed remembers, when it is a known booking sender, or when no
    ///    known booking sender's mail about the booking is in the run;
    /// 2. else the oldest known booking sender among the sources: a known sender's word outweighs
    ///    one believed only by `--trust-verified`, however old that one says its mail is (any
    ///    signer may date its mail first) and whatever the feed remembers of it;
    /// 3. else the person, when the feed has the booking without a maker (the person's own, or
    ///    one a version that remembered none wrote), or any source is theirs;
    /// 4. else the oldest source's organization.
    public func maker(remembered: Remembered?, senders: [BookingSender?]) -> Maker {
        let known = senders.first { $0?.standing == .known }.flatMap { $0?.organization }
        if case .organization(let remembered) = remembered, knownSenders.contains(remembered) || known == nil {
            return Maker(organization: remembered)
        }
        if let known { return Maker(organization: known) }
        if remembered == .unrecorded || senders.contains(where: { $0 == nil || $0?.standing == .own }) {
            return Maker(organization: nil, isPerson: true)
        }
        return Maker(organization: senders.first.flatMap { $0?.organization })
    }

    /// What becomes of a change to a booking (a new time, a cancellation) that mail from `sender`
    /// makes, when the booking was made by `maker`'s mail.
    public enum Change: Sendable, Hashable {
        /// Applied: the booking's own organization changes it, or the person does (their own
        /// inputs or address), or nobody's mail is known to have made it.
        case applied
        /// Applied, and said: another known booking sender changes it (an airline changing what a
        /// travel agency booked).
        case appliedFromOtherSender
        /// Refused: an organization that is neither the booking's own, a known booking sender nor
        /// the person would change it.
        case refused
    }

    /// Whether mail from `sender` may change or cancel a booking that mail from `maker` made: only
    /// the organization that made it, another known booking sender (said), or the person's own
    /// address or inputs; never anyone else, whatever else there is.
    ///
    /// - Parameters:
    ///   - maker: The organization whose mail made the booking; `nil` when the person's own
    ///     inputs made it, or nothing is known of who did.
    ///   - sender: Who the change comes from; `nil` for the person's own inputs.
    ///   - makerIsPerson: Whether the booking is known to be the person's own (their inputs made
    ///     it): then an organization that is not a known sender does not change it either.
    public static func change(bookedBy maker: String?, by sender: BookingSender?, makerIsPerson: Bool = false) -> Change {
        guard let sender, sender.standing != .own else { return .applied }
        if let maker {
            if sender.organization == maker { return .applied }
            return sender.standing == .known ? .appliedFromOtherSender : .refused
        }
        return makerIsPerson && sender.standing != .known ? .refused : .applied
    }

    /// What a trusted server's `Authentication-Results` vouch for the organization's mail with, if
    /// anything.
    private func vouching(_ message: MessageAuthentication, for organization: String) -> VerifiedSender.Evidence? {
        for field in message.authenticationResults where trustedServers.contains(field.server) && field.isProven {
            if let result = Self.pass(in: field, for: organization) {
                return .authenticationResults(server: field.server, method: result.method)
            }
        }
        return nil
    }

    /// A result of the field that says the organization's mail passed: DKIM with an aligned
    /// signing domain, or DMARC for an aligned `From`.
    ///
    /// A DMARC failure for the sender's domain in the same field outweighs any pass: the server
    /// found that no aligned signature held.
    private static func pass(in field: AuthenticationResults, for organization: String) -> AuthenticationResults.Result? {
        let dmarcFailed = field.results.contains { result in
            result.method == "dmarc" && result.result == "fail"
                && (result.properties["header.from"].map { Self.organization(of: $0) == organization } ?? true)
        }
        if dmarcFailed { return nil }
        return field.results.first { result in
            guard result.result == "pass" else { return false }
            switch result.method {
            case "dkim": return result.signingDomain.flatMap(Self.organization(of:)) == organization
            case "dmarc": return result.properties["header.from"].flatMap(Self.organization(of:)) == organization
            default: return false
            }
        }
    }

    /// Why no aligned signature verified, and no trusted server vouched: a trusted server's
    /// failing results first; then the sender's own signatures' failure (a key that could not be
    /// looked up before the others, since a later run may verify it); then a server not trusted
    /// vouching; then another domain's good signature, then another domain's failure.
    private func reason(
        _ message: MessageAuthentication, aligned: [DKIMSignature], organization: String, sender: String
    ) -> UnverifiedReason {
        if let field = message.authenticationResults.first(where: { trustedServers.contains($0.server) && $0.isProven }) {
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
    /// compares senders by: by the Public Suffix List, but a tenant's own on a multi-tenant domain
    /// (`contoso.onmicrosoft.com`); `nil` for a public suffix, a multi-tenant domain itself, or a
    /// name that is no domain.
    public static func organization(of domain: String) -> String? {
        if let tenant = SharedAddressDomains.organization(of: domain) { return tenant }
        if SharedAddressDomains.entry(for: domain).map({ $0.kind == .multiTenant && $0.domain == domain.lowercased() }) == true { return nil }
        return PublicSuffixList.shared.organizationalDomain(of: domain)
    }

    /// A field of the message that the signature does not sign, among those it must: each
    /// instance of who sent it (`From`) and how its body reads (`MIME-Version`, `Content-Type`,
    /// `Content-Transfer-Encoding`). `nil` when it signs them all.
    func unsignedField(of message: MessageAuthentication, by signature: DKIMSignature) -> String? {
        // Not known (a finding kept before they were): nothing to go by.
        guard !signature.signedFields.isEmpty else { return nil }
        for name in ["from", "mime-version", "content-type", "content-transfer-encoding"] {
            let present = message.fieldCounts[name] ?? 0
            if present > signature.signedFields.filter({ $0 == name }).count { return name }
        }
        return nil
    }

    /// A field's name as messages write it: `Content-Transfer-Encoding` of `content-transfer-encoding`.
    static func fieldName(_ name: String) -> String {
        name.split(separator: "-").map { $0 == "mime" ? "MIME" : $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }

    /// Whether an address is one of the person's own, its domain compared in A-label form.
    func isOwn(_ address: String) -> Bool {
        if ownAddresses.contains(address) { return true }
        let local = address.split(separator: "@").dropLast().joined(separator: "@")
        let normal = "\(local)@\(Self.domain(of: address))"
        return ownAddresses.contains { own in
            "\(own.split(separator: "@").dropLast().joined(separator: "@"))@\(Self.domain(of: own))" == normal
        }
    }

    /// The domain of an address, lower case, without a final dot, in its A-label form
    /// (`xn--bcher-kva.example` of `bücher.example`), as DKIM's `d=` writes it; as written when
    /// it is no valid domain name.
    static func domain(of address: String) -> String {
        let domain = address.split(separator: "@").last.map(String.init)?.lowercased() ?? ""
        let written = domain.hasSuffix(".") ? String(domain.dropLast()) : domain
        return DomainName.aLabelForm(of: written) ?? written
    }
}
