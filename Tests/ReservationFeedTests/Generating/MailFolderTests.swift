import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// A folder that confirmation e-mails are saved into, and a feed regenerated after each one.
@Suite("Feeds from e-mails and web pages")
struct MailFolderTests {
    static func fixture(_ name: String) -> URL { Repository.url("Tests/ReservationImportTests/Fixtures/schema-org/\(name)") }

    /// A generator that verifies e-mails with the keys that signed the repository's, and believes
    /// their senders: the example restaurant and hotel are at example.com, which the person names
    /// (it is no booking sender the tool knows).
    static func generator(naming: Set<String> = ["example.com"]) throws -> FeedGenerator {
        var importer = ReservationImporter()
        importer.senders.verifier = SenderVerifier(keys: try DKIMKeyFile(paths: Repository.dkimKeyFiles))
        importer.senders.policy.knownSenders.named = naming
        return FeedGenerator(importer: importer)
    }

    @Test("EPIC Steak confirmed, moved, cancelled, by e-mail: one event, SEQUENCE 0, 1, 2, cancelled at the end")
    func epicSteak() throws {
        let folder = try TemporaryFolder("mail")
        let inbox = folder.url.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let feed = folder.path("feed.ics")
        var sequences: [Int] = []
        var generations: [String] = []
        for (index, name) in ["epic-steak-1-confirmed.eml", "epic-steak-2-moved.eml", "epic-steak-3-cancelled.eml"].enumerated() {
            try FileManager.default.copyItem(at: Self.fixture(name), to: inbox.appendingPathComponent(name))
            let report = try Self.generator().generate(
                inputs: [inbox.path], to: .file(feed), now: try Instant(iso8601: "2030-06-0\(4 + index)T18:00:00Z"))
            #expect(report.diagnostics.isEmpty)
            let text = try String(contentsOfFile: feed, encoding: .utf8)
            generations.append(try folder.write("generation-\(index).ics", text))
            let events = try PreviousFeed(iCalendar: text).events
            #expect(events.count == 1)
            sequences.append(events.first?.sequence ?? -1)
        }
        #expect(sequences == [0, 1, 2])
        let final = try #require(try PreviousFeed(iCalendar: try String(contentsOfFile: feed, encoding: .utf8)).events.first)
        #expect(final.status == .cancelled)
        #expect(final.summary == "Cancelled: Restaurant · EPIC Steak (2 people)")
        #expect(final.start.description == "2030-06-26T19:30:00[America/Los_Angeles]")
        let verdict = try ICSValidator.validate(generations)
        #expect(verdict.passed, "\(verdict.report)")
    }
}

@Suite("The markup examples")
struct MarkupExampleTests {
    @Test("Examples/markup: a booking page and a confirmation e-mail give three valid events, with nothing to report")
    func examples() throws {
        let folder = try TemporaryFolder("markup")
        let feed = folder.path("markup.ics")
        let report = try MailFolderTests.generator().generate(
            inputs: [Repository.url("Examples/markup").path], to: .file(feed), now: try Instant(iso8601: "2030-06-01T00:00:00Z"))
        #expect(report.diagnostics.isEmpty)
        let events = try PreviousFeed(iCalendar: try String(contentsOfFile: feed, encoding: .utf8)).events
        #expect(events.map(\.summary) == ["Flight SK 4167 · OSL → BGO", "Hotel · Hotel Norge by Scandic", "Flight SK 4180 · BGO → OSL"])
        #expect(events.map(\.start.description) == [
            "2030-06-27T07:10:00[Europe/Oslo]", "2030-06-27T15:00:00[Europe/Oslo]", "2030-06-30T18:35:00[Europe/Oslo]",
        ])
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("Examples/markup without naming its hotel: the signed e-mail of an organization no one named is said once, and not used")
    func unknownHotel() throws {
        let folder = try TemporaryFolder("markup")
        let report = try MailFolderTests.generator(naming: []).generate(
            inputs: [Repository.url("Examples/markup").path], to: .file(folder.path("markup.ics")), now: try Instant(iso8601: "2030-06-01T00:00:00Z"))
        #expect(report.diagnostics.map(\.code) == [.unknownSender])
        #expect(report.diagnostics.first?.message.description.hasPrefix("1 message with bookings from example.com, whose signature verifies but which is not a known booking sender: none of its bookings are used; if you book with it,") == true, "\(report.diagnostics)")
        #expect(report.diagnostics.first?.origin?.description.hasSuffix("hotel-confirmation.eml") == true)
        #expect(report.changes.added.count == 2)
    }
}
