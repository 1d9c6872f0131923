import Foundation
import TestSupport
import Testing

/// The corpus of public real-world documents (`Tests/Corpus/`): every one through the real
/// `reservation-feed generate`, each event's title, start and end (instant and zone) and status
/// compared with what a person would put in their calendar, written by hand in
/// `Tests/Corpus/expectations.json`; and every feed through the independent checker.
@Suite("The corpus of real-world documents")
struct CorpusTests {
    @Test("every expectation is met, and every feed is valid", .timeLimit(.minutes(5)))
    func corpus() throws {
        let folder = try TemporaryFolder("corpus")
        let result = try ProcessRunner.run(
            Repository.url("Tests/Corpus/score"),
            ["--check", "--tool", CommandLineTests.tool.path, "--feeds", folder.url.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("ReservationFeed: "), "\(result.standardOutput)")
        let feeds = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".ics") }.map(folder.path)
        let documents = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.url("Tests/Corpus/expectations.json"))) as? [String: Any]
        #expect(feeds.count == (documents?["documents"] as? [Any])?.count)
        let verdict = try ICSValidator.validate(feeds)
        #expect(verdict.passed, "\(verdict.report)")
    }

    /// Places named, not located (`Tests/Corpus/places/`): written by the team to the pattern of
    /// real confirmations, one for each kind a new user met (cities sharing a name across states,
    /// islands of countries that keep several times, cities in their own language, dates as
    /// Indian Railways write them), and scored apart from the real-world documents.
    @Test("places named, not located: every expectation is met, and every feed is valid", .timeLimit(.minutes(5)))
    func places() throws {
        let folder = try TemporaryFolder("places")
        let expectations = Repository.url("Tests/Corpus/places/expectations.json")
        let result = try ProcessRunner.run(
            Repository.url("Tests/Corpus/score"),
            ["--check", "--tool", CommandLineTests.tool.path, "--feeds", folder.url.path, "--expectations", expectations.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let feeds = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".ics") }.map(folder.path)
        let documents = try JSONSerialization.jsonObject(with: Data(contentsOf: expectations)) as? [String: Any]
        #expect(feeds.count == (documents?["documents"] as? [Any])?.count)
        let verdict = try ICSValidator.validate(feeds)
        #expect(verdict.passed, "\(verdict.report)")
    }
}
