import DKIM
import Reservations
import Testing

@testable import SenderVerification

@Suite("Whom a person believes: DKIM aligned with From, free-mail, own addresses, trusted senders")
struct SenderPolicyTests {
    private func message(from: [String] = ["reservations@united.com"], _ signatures: DKIMSignature...) -> MessageAuthentication {
        MessageAuthentication(from: from, signatures: signatures)
    }

    private func signature(_ domain: String, _ outcome: DKIMOutcome = .pass, wholeBody: Bool = true) -> DKIMSignature {
        DKIMSignature(domain: domain, selector: "s1", algorithm: "rsa-sha256", outcome: outcome, coversWholeBody: wholeBody)
    }

    @Test("a signature of the sender's organization verifies it, from a subdomain on either side")
    func aligned() {
        let policy = SenderPolicy()
        #expect(
            policy.verdict(for: message(signature("united.com")))
                == .verified(VerifiedSender(address: "reservations@united.com", organization: "united.com", evidence: .dkim(domain: "united.com"))))
        #expect(policy.verdict(for: message(signature("mail.united.com"))).sender?.organization == "united.com")
        #expect(policy.verdict(for: message(from: ["News@Email.United.com"], signature("united.com"))).sender?.address == "news@email.united.com")
    }

    @Test("what is not verified, and why")
    func unverified() {
        let policy = SenderPolicy()
        #expect(policy.verdict(for: message()) == .unverified(.noSignature))
        #expect(policy.verdict(for: message(from: []))  == .unverified(.noSender))
        #expect(
            policy.verdict(for: message(from: ["a@united.com", "b@evil.example"], signature("united.com")))
                == .unverified(.severalSenders(["a@united.com", "b@evil.example"])))
        #expect(
            policy.verdict(for: message(signature("mailer.example")))
                == .unverified(.signedByAnotherDomain(signers: ["mailer.example"], sender: "united.com")))
        #expect(
            policy.verdict(for: message(signature("united.com", .bodyChanged)))
                == .unverified(.signatureFailed(domain: "united.com", outcome: .bodyChanged)))
        #expect(policy.verdict(for: message(signature("united.com", wholeBody: false))) == .unverified(.partlySigned(domain: "united.com")))
        // united.co.uk is another organization than united.com.
        #expect(policy.verdict(for: message(signature("united.co.uk"))) == .unverified(.signedByAnotherDomain(signers: ["united.co.uk"], sender: "united.com")))
        #expect(policy.verdict(for: message(from: ["x@co.uk"], signature("co.uk"))) == .unverified(.invalidSenderDomain("co.uk")))
    }

    @Test("a trusted server's word does not cover what follows an l= signature's end")
    func partlySignedWithServer() {
        let field = AuthenticationResults(
            server: "mx.google.com", results: [.init(method: "dkim", result: "pass", properties: ["header.d": "united.com"])],
            hop: AuthenticationResults.Hop(receiver: "mx.google.com"))
        let policy = SenderPolicy(trustedServers: ["mx.google.com"])
        let whole = MessageAuthentication(
            from: ["reservations@united.com"], signatures: [signature("united.com", .keyNotFound)], authenticationResults: [field])
        #expect(policy.verdict(for: whole).sender != nil)
        let partly = MessageAuthentication(
            from: ["reservations@united.com"], signatures: [signature("united.com", .keyNotFound, wholeBody: false)], authenticationResults: [field])
        #expect(policy.verdict(for: partly) == .unverified(.partlySigned(domain: "united.com")))
    }

    @Test("one good signature is enough; a key that could not be looked up is reported before other failures")
    func several() {
        let policy = SenderPolicy()
        #expect(policy.verdict(for: message(signature("united.com", .signatureMismatch), signature("united.com"))).sender != nil)
        let pending = policy.verdict(for: message(signature("united.com", .bodyChanged), signature("united.com", .keyUnavailable)))
        #expect(pending == .unverified(.signatureFailed(domain: "united.com", outcome: .keyUnavailable)))
        if case .unverified(let reason) = pending { #expect(reason.isProvisional) }
    }

    @Test("free-mail addresses are believed from the person's own addresses only")
    func freeMail() {
        let gmail = message(from: ["Ada.Lovelace@gmail.com"], signature("gmail.com"))
        #expect(SenderPolicy().verdict(for: gmail) == .unverified(.freeMail(address: "ada.lovelace@gmail.com")))
        let own = SenderPolicy(ownAddresses: ["ada.lovelace@GMAIL.com"]).verdict(for: gmail)
        #expect(own.sender?.isOwnAddress == true)
        // A tenant of Microsoft 365's shared domain is anyone's too.
        let tenant = message(from: ["travel@contoso.onmicrosoft.com"], signature("contoso.onmicrosoft.com"))
        #expect(SenderPolicy().verdict(for: tenant) == .unverified(.freeMail(address: "travel@contoso.onmicrosoft.com")))
    }

    @Test("known booking senders are believed; a verified stranger is not, unless named or any verified sender is")
    func knownSenders() {
        let stranger = message(from: ["deals@evil.example"], signature("evil.example"))
        #expect(SenderPolicy().verdict(for: stranger) == .unverified(.unknownSender(organization: "evil.example")))
        #expect(SenderPolicy().verdict(for: message(signature("united.com"))).sender?.standing == .known)
        let named = SenderPolicy(knownSenders: KnownSenders(named: ["evil.example"]))
        #expect(named.verdict(for: stranger).sender?.standing == .named)
        #expect(named.verdict(for: message(signature("united.com"))).sender?.standing == .known, "naming one adds to the registry")
        #expect(SenderPolicy(believesAnyVerified: true).verdict(for: stranger).sender?.standing == .anyVerified)
        let own = SenderPolicy(ownAddresses: ["ada@example.org"]).verdict(for: message(from: ["ada@example.org"], signature("example.org")))
        #expect(own.sender?.standing == .own)
        // A verified stranger's display name says nothing: "United Airlines <support@evil.example>" is evil.example.
        #expect(SenderPolicy().verdict(for: stranger).sender == nil)
    }

    @Test("an internationalized sender's domain is compared in its A-label form, as d= writes it")
    func internationalized() {
        let idn = message(from: ["buchung@bücher.example"], signature("xn--bcher-kva.example"))
        #expect(SenderPolicy().verdict(for: idn) == .unverified(.unknownSender(organization: "xn--bcher-kva.example")))
        #expect(SenderPolicy(believesAnyVerified: true).verdict(for: idn).sender?.organization == "xn--bcher-kva.example")
        #expect(SenderPolicy(ownAddresses: ["buchung@XN--BCHER-KVA.example"]).verdict(for: idn).sender?.standing == .own)
    }

    @Test("what decides how a message reads must be signed, every instance of it; a field it may carry once, carried twice, is one added after signing")
    func headerIntegrity() {
        var signed = signature("united.com")
        signed.signedFields = ["from", "to", "subject", "date", "mime-version", "content-type"]
        func message(_ counts: [String: Int]) -> MessageAuthentication {
            MessageAuthentication(from: ["reservations@united.com"], signatures: [signed], fieldCounts: counts)
        }
        #expect(SenderPolicy().verdict(for: message(["from": 1, "date": 1, "content-type": 1, "mime-version": 1])).sender != nil)
        #expect(
            SenderPolicy().verdict(for: message(["from": 1, "content-type": 1, "content-transfer-encoding": 1]))
                == .unverified(.unsignedField(domain: "united.com", field: "Content-Transfer-Encoding")))
        #expect(SenderPolicy().verdict(for: message(["from": 1, "content-type": 2])) == .unverified(.repeatedField("Content-Type")))
        #expect(SenderPolicy().verdict(for: message(["from": 1, "date": 2])) == .unverified(.repeatedField("Date")))
        #expect(SenderPolicy().verdict(for: message(["from": 2])) == .unverified(.repeatedField("From")))
        #expect(SenderPolicy.fieldName("mime-version") == "MIME-Version")
        // A signature whose signed fields are not known (a finding kept before they were) is taken as it was.
        signed.signedFields = []
        #expect(SenderPolicy().verdict(for: message(["from": 1, "content-transfer-encoding": 1])).sender != nil)
    }

    @Test("mailing lists and relays are nobody's organization; each tenant of a multi-tenant domain is its own")
    func sharedAddresses() {
        let list = message(from: ["travel@groups.io"], signature("groups.io"))
        #expect(SenderPolicy(believesAnyVerified: true).verdict(for: list) == .unverified(.sharedAddress(address: "travel@groups.io", kind: .mailingList)))
        let relay = message(from: ["x1y2@privaterelay.appleid.com"], signature("privaterelay.appleid.com"))
        #expect(SenderPolicy(believesAnyVerified: true).verdict(for: relay) == .unverified(.sharedAddress(address: "x1y2@privaterelay.appleid.com", kind: .relay)))
        // A relay under a known sender's domain is still a relay.
        let guest = message(from: ["ada.123@guest.booking.com"], signature("booking.com"))
        #expect(SenderPolicy().verdict(for: guest) == .unverified(.sharedAddress(address: "ada.123@guest.booking.com", kind: .relay)))
        #expect(SenderPolicy(ownAddresses: ["x1y2@privaterelay.appleid.com"]).verdict(for: relay).sender?.standing == .own)
        // Another tenant's signature does not vouch for this tenant's address, not even for the person's own.
        let tenant = message(from: ["ada@contoso.onmicrosoft.com"], signature("fabrikam.onmicrosoft.com"))
        #expect(SenderPolicy(ownAddresses: ["ada@contoso.onmicrosoft.com"]).verdict(for: tenant).sender == nil)
        // A tenant is anyone's, as free mail is, unless the person names that very tenant.
        let contoso = message(from: ["travel@contoso.onmicrosoft.com"], signature("contoso.onmicrosoft.com"))
        #expect(SenderPolicy().verdict(for: contoso) == .unverified(.freeMail(address: "travel@contoso.onmicrosoft.com")))
        #expect(SenderPolicy(knownSenders: KnownSenders(named: ["contoso.onmicrosoft.com"])).verdict(for: contoso).sender?.standing == .named)
        #expect(SenderPolicy(knownSenders: KnownSenders(named: ["fabrikam.onmicrosoft.com"])).verdict(for: contoso).sender == nil)
        #expect(SenderPolicy.organization(of: "mail.contoso.onmicrosoft.com") == "contoso.onmicrosoft.com")
        #expect(SenderPolicy.organization(of: "onmicrosoft.com") == nil)
        #expect(SenderPolicy.organization(of: "x.y.contoso.mail.onmicrosoft.com") == "contoso.mail.onmicrosoft.com")
    }

    @Test("a booking is changed by its own organization, another known sender (said), or the person; never by anyone else")
    func changes() {
        let united = BookingSender(organization: "united.com", standing: .known)
        let agency = BookingSender(organization: "agency.example", standing: .known)
        let stranger = BookingSender(organization: "evil.example", standing: .anyVerified)
        let own = BookingSender(organization: "gmail.com", standing: .own)
        #expect(SenderPolicy.change(bookedBy: "united.com", by: united) == .applied)
        #expect(SenderPolicy.change(bookedBy: "agency.example", by: united) == .appliedFromOtherSender)
        #expect(SenderPolicy.change(bookedBy: "united.com", by: agency) == .appliedFromOtherSender)
        #expect(SenderPolicy.change(bookedBy: "united.com", by: stranger) == .refused)
        #expect(SenderPolicy.change(bookedBy: "evil.example", by: stranger) == .applied)
        #expect(SenderPolicy.change(bookedBy: "united.com", by: own) == .applied)
        #expect(SenderPolicy.change(bookedBy: "united.com", by: nil) == .applied, "the person's own inputs")
        #expect(SenderPolicy.change(bookedBy: nil, by: stranger, makerIsPerson: true) == .refused)
        #expect(SenderPolicy.change(bookedBy: nil, by: united, makerIsPerson: true) == .applied)
    }

    @Test("who made a booking: the remembered maker, but a known sender's word outweighs a stranger's, however old it claims to be")
    func makers() {
        let policy = SenderPolicy(knownSenders: KnownSenders(named: ["agency.example"]))
        let united = BookingSender(organization: "united.com", standing: .known)
        let stranger = BookingSender(organization: "evil.example", standing: .anyVerified)
        let other = BookingSender(organization: "other.example", standing: .anyVerified)
        // Oldest first: the stranger's backdated mail, then the airline's.
        #expect(policy.maker(remembered: nil, senders: [stranger, united]) == SenderPolicy.Maker(organization: "united.com"))
        #expect(policy.maker(remembered: .organization("evil.example"), senders: [stranger, united]) == SenderPolicy.Maker(organization: "united.com"))
        #expect(policy.maker(remembered: .organization("evil.example"), senders: [stranger]) == SenderPolicy.Maker(organization: "evil.example"))
        #expect(policy.maker(remembered: .organization("united.com"), senders: [stranger]) == SenderPolicy.Maker(organization: "united.com"))
        #expect(policy.maker(remembered: .organization("agency.example"), senders: [united]) == SenderPolicy.Maker(organization: "agency.example"), "named is known")
        #expect(policy.maker(remembered: nil, senders: [stranger, nil]) == SenderPolicy.Maker(organization: nil, isPerson: true))
        #expect(policy.maker(remembered: nil, senders: [other, stranger]) == SenderPolicy.Maker(organization: "other.example"))
        // A booking the feed has without a maker (the person's, or one an earlier version wrote) is
        // the person's: a stranger does not take it, a known sender does.
        #expect(policy.maker(remembered: .unrecorded, senders: [stranger]) == SenderPolicy.Maker(organization: nil, isPerson: true))
        #expect(policy.maker(remembered: .unrecorded, senders: [stranger, united]) == SenderPolicy.Maker(organization: "united.com"))
    }

    @Test("the registry: sorted, every line an organization's domain with a kind, a name and a public source; no free-mail or shared domain")
    func registry() {
        let entries = KnownSenders.registry
        #expect(entries.count >= 300)
        #expect(entries.map(\.domain) == entries.map(\.domain).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(Set(entries.map(\.domain)).count == entries.count)
        for entry in entries {
            #expect(SenderPolicy.organization(of: entry.domain) == entry.domain, "\(entry.domain) is not an organizational domain")
            #expect(!entry.name.isEmpty && entry.source.hasPrefix("http"), "\(entry.domain)")
            #expect(!FreeMailDomains.contains(entry.domain) && SharedAddressDomains.kind(of: entry.domain) == nil, "\(entry.domain)")
        }
        #expect(Set(entries.map(\.kind)) == Set(KnownSenders.Kind.allCases))
        #expect(KnownSenders.entry(for: "united.com")?.kind == .airline)
        #expect(KnownSenders.entry(for: "evil.example") == nil)
        #expect(SharedAddressDomains.all.count >= 20)
        for entry in SharedAddressDomains.all { #expect(entry.source.hasPrefix("http"), "\(entry.domain)") }
    }

    @Test("free-mail domains, by name and by SpamAssassin's wildcards", arguments: [
        ("gmail.com", true), ("GoogleMail.com", true), ("outlook.com", true), ("yahoo.co.jp", true), ("hotmail.co.uk", true),
        ("proton.me", true), ("contoso.onmicrosoft.com", true), ("icloud.com", true),
        ("united.com", false), ("booking.com", false), ("bahn.de", false), ("mail.google.com", false),
    ])
    func freeMailDomains(domain: String, free: Bool) {
        #expect(FreeMailDomains.contains(domain) == free)
    }

    @Test("the wildcard matcher: * stops at dots")
    func wildcard() {
        func matches(_ name: String, _ pattern: String) -> Bool { FreeMailDomains.matches(Array(name.utf8)[...], Array(pattern.utf8)[...]) }
        #expect(matches("yahoo.de", "yahoo.*"))
        #expect(!matches("yahoo.co.uk", "yahoo.*"))
        #expect(matches("yahoo.co.uk", "yahoo.co*.*"))
        #expect(matches("ms12.hinet.net", "ms*.hinet.net"))
        #expect(!matches("evil.com.yahoo.de", "yahoo.*"))
    }
}
