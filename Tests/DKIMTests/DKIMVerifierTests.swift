import Foundation
import TestSupport
import Testing

@testable import DKIM

/// Messages signed by dkimpy with keys the tests make, verified by libopendkim.
@Suite("DKIM signatures verified through libopendkim")
struct DKIMVerifierTests {
    static let message = """
        From: United <reservations@united.com>
        To: ada@example.org
        Subject: Your flight UA 110
        Date: Tue, 24 Nov 2026 10:00:00 +0000
        Message-ID: <k7p2qx@united.com>
        MIME-Version: 1.0
        Content-Type: text/plain; charset=utf-8

        Your flight UA 110 leaves San Francisco at 8:05.

        """

    private func verify(_ text: String, keys: DKIMTestKeys) throws -> [DKIMSignature] {
        DKIMVerifier(keys: try DKIMKeyFile(path: keys.keysFile)).verify(Array(text.utf8))
    }

    @Test("an rsa-sha256 signature verifies, with CRLF or LF line ends")
    func rsa() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        let found = try verify(signed, keys: keys)
        let signedFields = ["from", "to", "subject", "date", "message-id", "mime-version", "content-type"]
        #expect(
            found == [
                DKIMSignature(
                    domain: "united.com", selector: "s1", algorithm: "rsa-sha256", outcome: .pass, signedFields: signedFields,
                    timestamp: found.first?.timestamp)
            ])
        let unixStyle = signed.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(try verify(unixStyle, keys: keys).map(\.outcome) == [.pass])
    }

    @Test("an ed25519-sha256 signature (RFC 8463) verifies")
    func ed25519() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "e1", domain: "united.com", kind: .ed25519)
        let signed = try keys.sign(Self.message, selector: "e1", domain: "united.com", kind: .ed25519)
        let found = try verify(signed, keys: keys)
        #expect(found.map(\.outcome) == [.pass])
        #expect(found.first?.algorithm == "ed25519-sha256")
    }

    @Test("a body changed after signing, a signed header changed, and a key that is not there")
    func failures() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        let body = signed.replacingOccurrences(of: "8:05", with: "6:05")
        #expect(try verify(body, keys: keys).map(\.outcome) == [.bodyChanged])
        let header = signed.replacingOccurrences(of: "Subject: Your flight UA 110", with: "Subject: Cancelled: UA 110")
        #expect(try verify(header, keys: keys).map(\.outcome) == [.signatureMismatch])
        let elsewhere = try DKIMTestKeys()
        try elsewhere.make(selector: "other", domain: "united.com")
        #expect(try verify(signed, keys: elsewhere).map(\.outcome) == [.keyNotFound])
    }

    @Test("a key made by someone else under the domain's name does not verify")
    func wrongKey() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let forger = try DKIMTestKeys()
        try forger.make(selector: "s1", domain: "united.com")
        let forged = try forger.sign(Self.message, selector: "s1", domain: "united.com")
        #expect(try verify(forged, keys: keys).map(\.outcome) == [.signatureMismatch])
    }

    @Test("l= covering the body as signed, and the same with content added after it")
    func bodyLength() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com", length: true)
        #expect(try verify(signed, keys: keys).map(\.coversWholeBody) == [true])
        let appended = signed + "Cancelled: your flight UA 110 is cancelled.\r\n"
        let found = try verify(appended, keys: keys)
        #expect(found.map(\.outcome) == [.pass])
        #expect(found.map(\.coversWholeBody) == [false])
    }

    @Test("two signatures: one broken, one good; and a message with none")
    func several() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        try keys.make(selector: "s2", domain: "mailer.example")
        let first = try keys.sign(Self.message, selector: "s2", domain: "mailer.example")
        // The second signer signs the message with the first signature on it; breaking the first
        // signature's own value then breaks it alone.
        let both = try keys.sign(first, selector: "s1", domain: "united.com")
        var lines = both.components(separatedBy: "\r\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix(" b=") && lines.firstIndex(of: $0)! > 5 })
        lines[index] = " b=" + String(lines[index].dropFirst(3).reversed())
        let found = try verify(lines.joined(separator: "\r\n"), keys: keys)
        #expect(found.count == 2)
        #expect(Set(found.map(\.outcome)).contains(.pass))
        #expect(found.contains { $0.outcome != .pass })
        #expect(try verify(Self.message, keys: keys).isEmpty)
    }

    @Test("a key that cannot be looked up now is neither good nor bad")
    func unavailable() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        struct Away: DKIMKeySource {
            func record(named name: String) -> DKIMKeyAnswer { .unavailable("no answer") }
        }
        #expect(DKIMVerifier(keys: Away()).verify(Array(signed.utf8)).map(\.outcome) == [.keyUnavailable])
    }

    @Test("a message with a dozen signatures of a dozen domains: the keys of the first eight are looked up, no more")
    func manySignatures() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        let junk = (1...12).map { "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=d\($0).example; s=s; h=from; bh=AAAA; b=AAAA\r\n" }
        final class Asked: DKIMKeySource, @unchecked Sendable {
            let lock = NSLock()
            var names: [String] = []
            func record(named name: String) -> DKIMKeyAnswer { lock.withLock { names.append(name) }; return .notFound }
        }
        let asked = Asked()
        let found = DKIMVerifier(keys: asked).verify(Array((junk.joined() + signed).utf8))
        #expect(found.count == 13)
        #expect(asked.names.count == 8, "\(asked.names)")
        #expect(!found.contains { $0.outcome == .pass })
    }

    @Test("a file of keys: names are matched in any case; a line that is no key is refused with its number")
    func keyFile() throws {
        let file = try DKIMKeyFile(text: "# test keys\n\nS1._DomainKey.United.com  v=DKIM1; k=rsa; p=AAAA\n")
        #expect(file.record(named: "s1._domainkey.united.com") == .found("v=DKIM1; k=rsa; p=AAAA"))
        #expect(file.record(named: "s2._domainkey.united.com") == .notFound)
        #expect(throws: DKIMKeyFileError.malformed(path: "keys", line: 2, reason: "expected a key's name, white space and its record")) {
            try DKIMKeyFile(text: "s1._domainkey.united.com v=DKIM1; p=AAAA\nnonsense\n")
        }
        #expect(throws: DKIMKeyFileError.unreadable(path: "/nonexistent/keys.txt")) { try DKIMKeyFile(path: "/nonexistent/keys.txt") }
    }

    @Test("DNS that does not answer is left alone for a while after a few look-ups in a row, then asked again; answers are kept for an hour")
    func dnsGivesUp() throws {
        let asked = Counter()
        let time = Counter()
        let source = DNSKeySource(givingUpAfter: 2, retryAfter: 60, clock: { Int64(time.value) }) { _ in
            asked.increment()
            return .unavailable("no answer")
        }
        for selector in ["a", "b", "c", "d"] {
            guard case .unavailable = source.record(named: "\(selector)._domainkey.united.com") else {
                Issue.record("expected no answer")
                continue
            }
        }
        #expect(asked.value == 2)
        time.add(61)
        _ = source.record(named: "a._domainkey.united.com")
        #expect(asked.value == 3, "asked again once the pause is over; a look-up that got no answer is never kept")
        // Answers are kept, for an hour.
        let kept = DNSKeySource(clock: { Int64(time.value) }) { _ in
            asked.increment()
            return .found("v=DKIM1; p=AAAA")
        }
        _ = kept.record(named: "s1._domainkey.united.com")
        _ = kept.record(named: "S1._domainkey.united.com")
        #expect(asked.value == 4)
        time.add(3601)
        _ = kept.record(named: "s1._domainkey.united.com")
        #expect(asked.value == 5)
    }

    @Test("all the waiting a source does is bounded: slow answers past its budget end the look-ups of the run")
    func dnsBudget() throws {
        let asked = Counter()
        let time = Counter()
        let slow = DNSKeySource(budget: 10, clock: { Int64(time.value) }) { _ in
            asked.increment()
            time.add(4)  // an answer, but a slow one
            return .notFound
        }
        for index in 0..<6 { _ = slow.record(named: "s\(index)._domainkey.slow.example") }
        #expect(asked.value == 3, "looked up until 12 s of the 10 were spent")
        guard case .unavailable(let reason) = slow.record(named: "s9._domainkey.slow.example") else {
            Issue.record("expected no more look-ups")
            return
        }
        #expect(reason.contains("took 10 s in all"))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { add(1) }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}
