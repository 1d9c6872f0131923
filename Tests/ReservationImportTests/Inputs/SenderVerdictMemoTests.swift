import DKIM
import Foundation
import ReservationImport
import Reservations
import SenderVerification
import TestSupport
import Testing

/// What was found of a message's sender is kept beside it, except when a key could not be looked up.
@Suite("Kept verdicts")
struct SenderVerdictMemoTests {
    /// Keys from a file, answering "no answer now" while `away` is set.
    final class Flaky: DKIMKeySource, @unchecked Sendable {
        let file: DKIMKeyFile
        let lock = NSLock()
        var away = true
        var asked = 0
        init(_ file: DKIMKeyFile) { self.file = file }
        func record(named name: String) -> DKIMKeyAnswer {
            lock.withLock {
                asked += 1
                return away ? .unavailable("no answer") : file.record(named: name)
            }
        }
        var memoIdentity: String? { "test" }
    }

    @Test("a key that could not be looked up is tried again on the next read; a verdict found is kept, and looked up no more")
    func notKeptWhileAway() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "example.com")
        let mail = String(decoding: try Data(contentsOf: Repository.url("Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml")), as: UTF8.self)
        let message = Array(try keys.sign(mail, selector: "s1", domain: "example.com").utf8)
        let source = Flaky(try DKIMKeyFile(path: keys.keysFile))
        var importer = ReservationImporter(extraction: .none)
        importer.senders.verifier = SenderVerifier(keys: source)
        // The restaurant of the example is no booking sender the tool knows: the person names it.
        importer.senders.policy.knownSenders.named = ["example.com"]
        let folder = try TemporaryFolder("memo")
        let memo = ExtractionMemo.file(folder.path("message.authentication"))

        let first = importer.readMessage(message, source: .file("mail.eml"), authenticationMemo: memo)
        #expect(first.reservations.isEmpty)
        #expect(first.diagnostics.first?.message.contains("could not be looked up now; it is tried again on the next run") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("message.authentication")))

        source.away = false
        let second = importer.readMessage(message, source: .file("mail.eml"), authenticationMemo: memo)
        #expect(second.reservations.count == 1)
        #expect(second.reservations.first?.sender == BookingSender(organization: "example.com", standing: .known))
        #expect(FileManager.default.fileExists(atPath: folder.path("message.authentication")))

        source.away = true
        let asked = source.asked
        let third = importer.readMessage(message, source: .file("mail.eml"), authenticationMemo: memo)
        #expect(third.reservations.count == 1, "the kept verdict stands while DNS is away")
        #expect(source.asked == asked, "no key looked up for a kept verdict")
    }
}
