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
                == .verified(
                    VerifiedSender(
                        address: "reservations@united.com", organization: "united.com", evidence: .authenticationResults(server: "mx.google.com", method: "dkim"),
                        signedTime: MailMessage.date(parsing: "Tue, 04 Jun 2030 10:00:01 -0700"))))
        #expect(verdict(dkim, trusting: []) == .unverified(.untrustedServer("mx.google.com")))
        let dmarc = "Authentication-Results: mx6.messagingengine.com; dkim=none; dmarc=pass header.from=united.com\nReceived: from mta.united.com by mx6.messagingengine.com (Postfix); Tue, 04 Jun 2030 10:00:01 -0700\n"
        #expect(verdict(dmarc, trusting: ["mx6.messagingengine.com"]).sender?.evidence == .authenticationResults(server: "mx6.messagingengine.com", method: "dmarc"))
        let misaligned = "Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\nAuthentication-Results: mx.google.com; dkim=pass header.d=sendgrid.net; dmarc=fail header.from=united.com\n"
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
            Received-SPF: pass (united.com: 192.0.2.4 is authorized to use 'bounce@united.com')
            Received: from mta.united.com (mta.united.com [192.0.2.4]) by mx6.messagingengine.com (Postfix); Tue, 04 Jun 2030 10:00:01 -0700

            """
        #expect(verdict(providerOwn, trusting: ["mx6.messagingengine.com"]).sender != nil)
    }

    @Test("RFC 8601's grammar: what a comment or a quoted string holds is never a result; a result that breaks it is passed over")
    func grammar() throws {
        let commented = try #require(AuthenticationResults(parsing: "mx.google.com; dkim=fail (dkim=pass header.d=united.com; dmarc=pass) header.d=united.com"))
        #expect(commented.results.map(\.result) == ["fail"])
        #expect(commented.results[0].properties["header.d"] == "united.com")
        // A quoted local part holding what looks like a result, as a sender may choose its own.
        let quoted = try #require(AuthenticationResults(parsing: #"mx.google.com; spf=pass smtp.mailfrom="x;dkim=pass header.d=united.com"@evil.example; dkim=none"#))
        #expect(quoted.results.map(\.method) == ["spf", "dkim"])
        #expect(quoted.results[0].properties["smtp.mailfrom"] == "x;dkim=pass header.d=united.com@evil.example")
        #expect(quoted.results[1].result == "none")
        // Nested comments with quoted pairs, and a comment in place of white space.
        let nested = try #require(AuthenticationResults(parsing: #"mx.google.com(a (b \) dkim=pass header.d=united.com;) c);dkim=neutral(x)header.d=evil.example"#))
        #expect(nested.results.map(\.result) == ["neutral"])
        #expect(nested.results[0].signingDomain == "evil.example")
        // An unclosed comment swallows what follows: nothing after it is a result.
        let unclosed = try #require(AuthenticationResults(parsing: "mx.google.com; spf=pass (oops; dkim=pass header.d=united.com"))
        #expect(unclosed.results.isEmpty)
        // What breaks the grammar is passed over to the next statement; extensions without a ptype are no properties.
        let broken = try #require(AuthenticationResults(parsing: "mx6.messagingengine.com; dkim pass; dkim=pass (2048-bit rsa key) header.d=united.com x-bits=2048; dmarc=pass header.from=united.com"))
        #expect(broken.results.map(\.method) == ["dkim", "dmarc"])
        #expect(broken.results[0].properties == ["header.d": "united.com"])
        #expect(AuthenticationResults(parsing: "(mx.google.com) ; dkim=pass") == nil, "a comment is not the server")
    }

    @Test("a verdict counts only where its server provably handled the message: a Received of its organization beside it")
    func hop() {
        let pass = "Authentication-Results: mx.google.com; dkim=pass header.d=united.com; dmarc=pass header.from=united.com\n"
        // A file that never passed a server.
        #expect(verdict(pass, trusting: ["mx.google.com"]).sender == nil)
        // Under a Received by an address, a .lan host, or no host at all.
        for received in ["Received: from x by 192.0.2.1; Tue, 04 Jun 2030 10:00:01 -0700\n", "Received: from x by router.lan; Tue, 04 Jun 2030 10:00:01 -0700\n", "Received: from x; Tue, 04 Jun 2030 10:00:01 -0700\n"] {
            #expect(verdict(received + pass, trusting: ["mx.google.com"]).sender == nil, "\(received)")
        }
        // Beside a Received of another organization.
        #expect(verdict("Received: from x by mx.evil.example; Tue, 04 Jun 2030 10:00:01 -0700\n" + pass, trusting: ["mx.google.com"]).sender == nil)
        // Gmail's own Received above its verdict; Fastmail's below.
        #expect(verdict("Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\n" + pass, trusting: ["mx.google.com"]).sender != nil)
        #expect(verdict(pass + "Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\n", trusting: ["mx.google.com"]).sender != nil)
        // A server whose name is no organization's domain proves nothing.
        #expect(verdict("Received: from x by mx; Tue, 04 Jun 2030 10:00:01 -0700\nAuthentication-Results: mx; dkim=pass header.d=united.com\n", trusting: ["mx"]).sender == nil)
    }

    @Test("a DMARC failure for the sender in the same field outweighs a DKIM pass")
    func dmarcFails() {
        let header = "Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\nAuthentication-Results: mx.google.com; dkim=pass header.d=united.com; dmarc=fail (p=REJECT) header.from=united.com\n"
        #expect(verdict(header, trusting: ["mx.google.com"]) == .unverified(.failedOnArrival(server: "mx.google.com", results: "dkim=pass, dmarc=fail")))
    }

    @Test("an attached message carries no server's verdict, only its own signature")
    func attached() {
        let message = Self.message("Received: from mta.united.com by mx.google.com; Tue, 04 Jun 2030 10:00:01 -0700\nAuthentication-Results: mx.google.com; dkim=pass header.d=united.com\n")
        var trust = SenderTrust(verifier: SenderVerifier(keys: try! DKIMKeyFile(text: "")))
        trust.policy.trustedServers = ["mx.google.com"]
        #expect(trust.examine(message).verdict.sender != nil)
        #expect(trust.examine(message, attached: true).verdict == .unverified(.noSignature))
    }
}
