import DKIM
import MailMessage
import Testing

@testable import SenderVerification

@Suite("Authentication-Results: a trusted server's word, its topmost field only")
struct AuthenticationResultsTests {
    static let gmail = """
        mx.google.com;
               dkim=pass header.i=@united.com header.s=s1 header.b="AbC=;d";
               spf=pass (google.com: domain of bounce@united.com designates 1.2.3.4 as permitted sender) smtp.mailfrom=bounce@united.com;
               dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=united.com
        """

    @Test("Gmail's field: the server, each method's result and properties; comments and quoted strings")
    func gmail() throws {
        let field = try #require(AuthenticationResults(parsing: Self.gmail))
        #expect(field.server == "mx.google.com")
        #expect(field.results.map(\.method) == ["dkim", "spf", "dmarc"])
        #expect(field.results[0].signingDomain == "united.com")
        #expect(field.results[0].properties["header.b"] == "AbC=;d")
        #expect(field.results[1].properties["smtp.mailfrom"] == "bounce@united.com")
        #expect(field.results[2].properties["header.from"] == "united.com")
        #expect(AuthenticationResults(parsing: "mx6.messagingengine.com; none")?.results == [])
        #expect(AuthenticationResults(parsing: "example.org 1; dkim/1=PASS header.d=Example.ORG")?.results.first?.signingDomain == "example.org")
        #expect(AuthenticationResults(parsing: "") == nil)
        #expect(AuthenticationResults(parsing: "dkim=pass header.d=united.com") == nil, "a field without its server names none")
    }

    static func message(_ header: String) -> [UInt8] {
        Array((header + "From: United <reservations@united.com>\nSubject: Your flight\n\nbody\n").utf8)
    }

    @Test("of each server, the topmost field only, with the receivers of the Received fields above it")
    func topmost() {
        let header = RawHeader(Self.message("""
            Received: by 2002:a05:7300:1234::1 with SMTP id x;
                    Tue, 04 Jun 2030 10:00:02 -0700 (PDT)
            Received: from mta.united.com (mta.united.com. [1.2.3.4])
                    by mx.google.com with ESMTPS id y (version=TLS1_3);
                    Tue, 04 Jun 2030 10:00:01 -0700 (PDT)
            Authentication-Results: mx.google.com; dkim=fail header.i=@united.com
            Authentication-Results: mx.google.com; dkim=pass header.i=@united.com
            Received: by mail.evil.example; Tue, 04 Jun 2030 09:00:00 -0700
            Authentication-Results: other.example; dmarc=pass header.from=united.com

            """))
        let found = SenderVerifier.authenticationResults(header)
        #expect(found.map(\.server) == ["mx.google.com", "other.example"])
        #expect(found[0].results.first?.result == "fail", "the lower copy, which the sender may have written, is passed over")
        #expect(found[0].receivedAbove == ["2002:a05:7300:1234::1", "mx.google.com"])
        #expect(found[1].receivedAbove.last == "mail.evil.example")
        #expect(SenderVerifier.receiver(of: "from a (by b) by c.example.com (Postfix) with ESMTP; date") == "c.example.com")
    }

    private func verdict(_ header: String, trusting servers: Set<String>) -> SenderVerdict {
        let message = Self.message(header)
        let found = SenderVerifier(keys: try! DKIMKeyFile(text: "")).authenticate(message)
        return SenderPolicy(trustedServers: servers).verdict(for: found)
    }

    @Test("a trusted server's dkim=pass (aligned) or dmarc=pass verifies; an untrusted one's is named; a failure is said")
    func verdicts() {
        let dkim = "Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\nAuthentication-Results: mx.google.com; dkim=pass header.i=@mail.united.com\n"
        #expect(
            verdict(dkim, trusting: ["mx.google.com"])
                == .verified(VerifiedSender(address: "reservations@united.com", organization: "united.com", evidence: .authenticationResults(server: "mx.google.com", method: "dkim"))))
        #expect(verdict(dkim, trusting: []) == .unverified(.untrustedServer("mx.google.com")))
        let dmarc = "Authentication-Results: mx6.messagingengine.com; dkim=none; dmarc=pass header.from=united.com\n"
        #expect(verdict(dmarc, trusting: ["mx6.messagingengine.com"]).sender?.evidence == .authenticationResults(server: "mx6.messagingengine.com", method: "dmarc"))
        let misaligned = "Authentication-Results: mx.google.com; dkim=pass header.d=sendgrid.net; dmarc=fail header.from=united.com\n"
        #expect(verdict(misaligned, trusting: ["mx.google.com"]) == .unverified(.failedOnArrival(server: "mx.google.com", results: "dkim=pass, dmarc=fail")))
    }

    @Test("a field below a stranger's server does not count, whatever it says: the sender may have written it")
    func belowAStranger() {
        let header = """
            Received: from evil by relay.other-provider.net; Tue, 04 Jun 2030 10:00:01 -0700
            Authentication-Results: mx.google.com; dkim=pass header.d=united.com; dmarc=pass header.from=united.com

            """
        #expect(verdict(header, trusting: ["mx.google.com"]) == .unverified(.noSignature))
        // The provider's own machines above it do not matter: addresses and names no one can register.
        let providerOwn = """
            Received: from compute3.internal (compute3.nyi.internal [10.202.2.43]) by mailuser.nyi.internal (Postfix); Tue, 04 Jun 2030 10:00:03 -0700
            Received: from mx6.messagingengine.com by [10.202.2.205] (LMTPProxy); Tue, 04 Jun 2030 10:00:02 -0700
            Authentication-Results: mx6.messagingengine.com; dmarc=pass header.from=united.com

            """
        #expect(verdict(providerOwn, trusting: ["mx6.messagingengine.com"]).sender != nil)
    }
}
