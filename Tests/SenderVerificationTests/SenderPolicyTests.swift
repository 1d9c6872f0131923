import DKIM
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
            server: "mx.google.com", results: [.init(method: "dkim", result: "pass", properties: ["header.d": "united.com"])])
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

    @Test("with trusted senders, only their organizations (and the person's own mail) are believed")
    func trustedSenders() {
        let policy = SenderPolicy(ownAddresses: ["ada@example.org"], trustedOrganizations: ["United.com"])
        #expect(policy.verdict(for: message(signature("united.com"))).sender != nil)
        #expect(
            policy.verdict(for: message(from: ["hotel@glohotels.fi"], signature("glohotels.fi")))
                == .unverified(.notTrusted(organization: "glohotels.fi")))
        #expect(policy.verdict(for: message(from: ["ada@example.org"], signature("example.org"))).sender?.isOwnAddress == true)
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
