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

    @Test("the reader view KDE's extractor gets: From first, then only what the sender's signatures sign, the lowest instances; the body as it is")
    func readerView() {
        let message = """
            BEGIN:VCALENDAR
            <p>: <script type="application/ld+json">{}</script>
            Subject: Added on top
            DKIM-Signature: v=1; a=rsa-sha256; d=mail.united.com; s=s1; h=from : subject : date : content-type; bh=AAAA; b=AAAA
            DKIM-Signature: v=1; a=rsa-sha256; d=evil.example; s=s1; h=from:x-evil; bh=AAAA; b=AAAA
            X-Evil: 1
            From: United <reservations@united.com>
            Subject: Your flight
            Date: Tue, 24 Nov 2026 10:00:00 +0000
            Content-Type: text/plain

            Your flight UA 110 leaves at 8:05.

            """
        let view = String(decoding: SenderVerifier.readerView(of: Array(message.utf8)), as: UTF8.self)
        #expect(view == "From: United <reservations@united.com>\r\nSubject: Your flight\r\nDate: Tue, 24 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain\r\n\r\nYour flight UA 110 leaves at 8:05.\n")
        // Unsigned: every field, From first.
        let unsigned = "X-A: 1\nBEGIN: x\nFrom: a@b.example\n\nbody"
        #expect(String(decoding: SenderVerifier.readerView(of: Array(unsigned.utf8)), as: UTF8.self) == "From: a@b.example\r\nX-A: 1\r\nBEGIN: x\r\n\r\nbody")
    }
}
