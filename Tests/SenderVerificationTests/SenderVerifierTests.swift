import DKIM
import Foundation
import TestSupport
import Testing

@testable import SenderVerification

/// Messages signed by dkimpy, found and judged as a run would.
@Suite("Who sent a message, from its signed bytes")
struct SenderVerifierTests {
    static func message(from: String = "United <reservations@united.com>", received: String? = nil) -> String {
        (received.map { "Received: \($0)\n" } ?? "") + """
            From: \(from)
            To: ada@example.org
            Subject: Your flight UA 110
            Date: Tue, 24 Nov 2026 10:00:00 +0000
            Message-ID: <k7p2qx@united.com>

            Your flight UA 110 leaves at 8:05.

            """
    }

    @Test("the From addresses and the signatures of a signed message; a subdomain's signer")
    func authenticate() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "mail.united.com")
        let signed = try keys.sign(Self.message(), selector: "s1", domain: "mail.united.com")
        let found = SenderVerifier(keys: try DKIMKeyFile(path: keys.keysFile)).authenticate(Array(signed.utf8))
        #expect(found.from == ["reservations@united.com"])
        #expect(found.signatures.map(\.outcome) == [.pass])
        #expect(SenderPolicy().verdict(for: found).sender?.evidence == .dkim(domain: "mail.united.com"))
    }

    @Test("a forged From: signed by the forger's own domain, it is not the sender's")
    func forged() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "evil.example")
        let signed = try keys.sign(Self.message(), selector: "s1", domain: "evil.example")
        let found = SenderVerifier(keys: try DKIMKeyFile(path: keys.keysFile)).authenticate(Array(signed.utf8))
        #expect(SenderPolicy().verdict(for: found) == .unverified(.signedByAnotherDomain(signers: ["evil.example"], sender: "united.com")))
    }
}
