import Chrono
import Foundation
import TestSupport
import Testing

@testable import DKIM

/// What RFC 6376 says of keys in testing mode, body lengths, a signature's times, messages with
/// many signatures and the header fields a signature covers, on messages signed by dkimpy.
@Suite("DKIM as RFC 6376 has it")
struct RFC6376Tests {
    static let message = DKIMVerifierTests.message

    private func verify(
        _ text: String, keys: DKIMTestKeys, at time: Instant? = nil, preferring isPreferred: (String) -> Bool = { _ in false }
    ) throws -> [DKIMSignature] {
        DKIMVerifier(keys: try DKIMKeyFile(path: keys.keysFile)).verify(Array(text.utf8), at: time, preferring: isPreferred)
    }

    @Test("a key published in testing mode (t=y) counts as unsigned, even when its signature verifies")
    func testingKey() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "t1", domain: "united.com", testing: true)
        let signed = try keys.sign(Self.message, selector: "t1", domain: "united.com")
        let found = try verify(signed, keys: keys)
        #expect(found.map(\.outcome) == [.testingKey])
        #expect(found.first?.outcome.description == "its key is published in testing mode (t=y), so it counts as unsigned")
        // Among other flags (s: no subdomains in i=), and in a key file of a person's.
        let record = try #require(try DKIMKeyFile(path: keys.keysFile).records["t1._domainkey.united.com"])
        let flags = try DKIMKeyFile(text: "t1._domainkey.united.com " + record.replacingOccurrences(of: "t=y", with: "t=s:y"))
        #expect(DKIMVerifier(keys: flags).verify(Array(signed.utf8)).map(\.outcome) == [.testingKey])
        // A failure is still said as such.
        #expect(try verify(signed.replacingOccurrences(of: "8:05", with: "6:05"), keys: keys).map(\.outcome) == [.bodyChanged])
    }

    @Test(
        "l= as long as the canonical body covers it: trailing blank lines and white space are not part of it",
        arguments: ["relaxed/relaxed", "relaxed/simple", "simple/simple", "simple/relaxed"])
    func bodyLength(canonicalization: String) throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let relaxedBody = canonicalization.hasSuffix("/relaxed")
        // Blank lines at the end, for either canonicalization; white space at the ends of lines and
        // within them, which relaxed drops or shortens.
        let message = Self.message + (relaxedBody ? "Seat  12A, \t boarding at 7:25.   \n \t\n" : "Seat 12A.\n") + "\n\n\n"
        let signed = try keys.sign(message, selector: "s1", domain: "united.com", length: true, canonicalization: canonicalization)
        #expect(signed.contains(" l="))
        let found = try verify(signed, keys: keys)
        #expect(found.map(\.outcome) == [.pass])
        #expect(found.map(\.coversWholeBody) == [true])
        // The same with LF line ends, as mail is kept on Unix.
        #expect(try verify(signed.replacingOccurrences(of: "\r\n", with: "\n"), keys: keys).map(\.coversWholeBody) == [true])
        // More blank lines (and, for relaxed, white space) count for nothing either.
        let padded = signed + (relaxedBody ? " \t\r\n\r\n" : "\r\n\r\n")
        #expect(try verify(padded, keys: keys).map(\.coversWholeBody) == [true])
        // Content added after signing is not covered, however short.
        let appended = try verify(signed + "x\r\n", keys: keys)
        #expect(appended.map(\.outcome) == [.pass])
        #expect(appended.map(\.coversWholeBody) == [false])
        let added = try verify(signed + "Cancelled: your flight UA 110 is cancelled.\r\n", keys: keys)
        #expect(added.map(\.coversWholeBody) == [false])
    }

    @Test("x= passed is expired, t= ahead is dated in the future, each at the time given rather than by the clock")
    func times() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let now = Instant.now.secondsSinceEpoch
        let expired = try keys.sign(Self.message, selector: "s1", domain: "united.com", timestamp: now - 7200, expiry: now - 3600)
        let found = try verify(expired, keys: keys)
        #expect(found.map(\.outcome) == [.expired])
        #expect(found.first?.outcome.description == "the signature has expired (x=)")
        #expect(found.first?.timestamp == Instant(secondsSinceEpoch: now - 7200))
        // Judged as of its arrival, before it expired, it verifies: libopendkim's clock is not the judge.
        #expect(try verify(expired, keys: keys, at: Instant(secondsSinceEpoch: now - 5400)).map(\.outcome) == [.pass])

        let ahead = try keys.sign(Self.message, selector: "s1", domain: "united.com", timestamp: now + 7200)
        let future = try verify(ahead, keys: keys)
        #expect(future.map(\.outcome) == [.datedInFuture])
        #expect(future.first?.outcome.description == "the signature is dated in the future (t=)")
        #expect(try verify(ahead, keys: keys, at: Instant(secondsSinceEpoch: now + 7200)).map(\.outcome) == [.pass])
        // An expiry in the future is no expiry at a time before it, and one long past is at any later time.
        let later = try keys.sign(Self.message, selector: "s1", domain: "united.com", timestamp: now - 60, expiry: now + 86400)
        #expect(try verify(later, keys: keys).map(\.outcome) == [.pass])
        #expect(try verify(later, keys: keys, at: Instant(secondsSinceEpoch: now + 2 * 86400)).map(\.outcome) == [.expired])

        // Five minutes either way for the signer's clock.
        let skewed = try keys.sign(Self.message, selector: "s1", domain: "united.com", timestamp: now + 120, expiry: now + 180)
        #expect(try verify(skewed, keys: keys, at: Instant(secondsSinceEpoch: now + 400)).map(\.outcome) == [.pass])
        // An expiry before the signature's own time is no signature.
        let backwards = try keys.sign(Self.message, selector: "s1", domain: "united.com", timestamp: now - 100, expiry: now - 200)
        #expect(try verify(backwards, keys: keys, at: Instant(secondsSinceEpoch: now - 150)).map(\.outcome) == [.malformed])
    }

    @Test("an aligned signature after ten broken or foreign ones: tried first when its domain is preferred, and the look-ups stop once it verifies")
    func preferred() throws {
        let keys = try DKIMTestKeys()
        let forger = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        var message = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        // Signed on top of it, so listed before it: three of united.com's names with a forger's keys,
        // four other domains' good signatures, three of domains that publish no key.
        var expected: [(domain: String, outcome: DKIMOutcome)] = []
        for index in 1...3 {
            try keys.make(selector: "b\(index)", domain: "united.com")
            try forger.make(selector: "b\(index)", domain: "united.com")
            message = try forger.sign(message, selector: "b\(index)", domain: "united.com")
            expected.insert(("united.com", .signatureMismatch), at: 0)
        }
        for index in 1...4 {
            try keys.make(selector: "s1", domain: "list\(index).example")
            message = try keys.sign(message, selector: "s1", domain: "list\(index).example")
            expected.insert(("list\(index).example", .pass), at: 0)
        }
        for index in 1...3 {
            try forger.make(selector: "s1", domain: "gone\(index).example")
            message = try forger.sign(message, selector: "s1", domain: "gone\(index).example")
            expected.insert(("gone\(index).example", .keyNotFound), at: 0)
        }
        let file = try DKIMKeyFile(path: keys.keysFile)

        // In the order they appear, the sender's signature comes eleventh: past the look-ups allowed.
        let inOrder = Asked(file)
        let plain = DKIMVerifier(keys: inOrder).verify(Array(message.utf8))
        #expect(plain.map(\.domain) == expected.map(\.domain) + ["united.com"])
        #expect(inOrder.names.count == DKIMVerifier.maximumKeyLookups)
        #expect(plain.last?.outcome == .tooManySignatures)
        #expect(!plain.contains { $0.domain == "united.com" && $0.outcome == .pass })

        // Preferred, united.com's are tried first, from the bottom up (the first signer's is nearest
        // the body), and verification stops at the good one.
        let first = Asked(file)
        let found = DKIMVerifier(keys: first).verify(Array(message.utf8), preferring: { $0 == "united.com" })
        #expect(found.map(\.domain) == expected.map(\.domain) + ["united.com"], "listed in the order they appear")
        #expect(found.last?.outcome == .pass)
        #expect(first.names == ["s1._domainkey.united.com"])
        #expect(found.filter { $0.domain == "united.com" }.map(\.outcome) == [.notNeeded, .notNeeded, .notNeeded, .pass])
        #expect(found.filter { $0.domain != "united.com" }.allSatisfy { $0.outcome == .notNeeded })
        #expect(DKIMOutcome.notNeeded.description.contains("not checked"))

        // When the preferred domain's signatures all fail, the others are still tried, each kind
        // within its own bound: united.com's four, the seven others'.
        let broken = message.replacingOccurrences(of: "8:05", with: "6:05")
        let rest = Asked(file)
        let failed = DKIMVerifier(keys: rest).verify(Array(broken.utf8), preferring: { $0 == "united.com" })
        #expect(rest.names.count == 4 + 7)
        #expect(failed.last?.outcome == .bodyChanged)
        #expect(failed.filter { $0.domain == "united.com" }.map(\.outcome) == [.signatureMismatch, .signatureMismatch, .signatureMismatch, .bodyChanged])
        #expect(!failed.contains { $0.outcome == .tooManySignatures })
    }

    @Test("a thousand signatures of the preferred domain cost as many look-ups as the bound, and little time")
    func thousandSignatures() throws {
        let junk = (1...1000).map { "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=united.com; s=s\($0); h=from; bh=AAAA; b=AAAA\r\n" }
        let asked = Asked(try DKIMKeyFile(text: ""))
        let clock = ContinuousClock()
        let start = clock.now
        let found = DKIMVerifier(keys: asked).verify(Array((junk.joined() + Self.message).utf8), preferring: { $0 == "united.com" })
        #expect(clock.now - start < .seconds(10))
        #expect(found.count == 1000)
        #expect(asked.names.count == DKIMVerifier.maximumPreferredKeyLookups)
        #expect(found.filter { $0.outcome == .tooManySignatures }.count == 1000 - DKIMVerifier.maximumPreferredKeyLookups)
    }

    @Test("the header fields a signature signs (h=), in order and lower case, and its time (t=)")
    func signedFields() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let before = Instant.now.secondsSinceEpoch
        let signed = try keys.sign(Self.message, selector: "s1", domain: "united.com")
        let found = try #require(try verify(signed, keys: keys).first)
        #expect(found.signedFields == ["from", "to", "subject", "date", "message-id", "mime-version", "content-type"])
        #expect(found.signs(field: "Date"))
        #expect(!found.signs(field: "Reply-To"))
        let timestamp = try #require(found.timestamp?.secondsSinceEpoch)
        #expect(timestamp >= before - 1 && timestamp <= Instant.now.secondsSinceEpoch + 1)
    }

    @Test("a signature's record kept as JSON before h= and t= were kept still reads; one written now reads back the same")
    func codable() throws {
        let old = #"{"algorithm":"rsa-sha256","coversWholeBody":true,"domain":"united.com","outcome":"expired","selector":"s1"}"#
        let decoded = try JSONDecoder().decode(DKIMSignature.self, from: Data(old.utf8))
        #expect(decoded == DKIMSignature(domain: "united.com", selector: "s1", algorithm: "rsa-sha256", outcome: .expired))
        #expect(decoded.signedFields.isEmpty && decoded.timestamp == nil)
        let now = DKIMSignature(
            domain: "united.com", selector: "s1", algorithm: "ed25519-sha256", outcome: .datedInFuture, coversWholeBody: false,
            signedFields: ["from", "date"], timestamp: Instant(secondsSinceEpoch: 1_795_000_000))
        let encoded = try JSONEncoder().encode(now)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""timestamp":1795000000"#))
        #expect(try JSONDecoder().decode(DKIMSignature.self, from: encoded) == now)
    }
}

/// A key source that remembers which names it was asked for, in order.
private final class Asked: DKIMKeySource, @unchecked Sendable {
    let lock = NSLock()
    let source: any DKIMKeySource
    private var asked: [String] = []
    var names: [String] { lock.withLock { asked } }

    init(_ source: any DKIMKeySource) {
        self.source = source
    }

    func record(named name: String) -> DKIMKeyAnswer {
        lock.withLock { asked.append(name) }
        return source.record(named: name)
    }
}
