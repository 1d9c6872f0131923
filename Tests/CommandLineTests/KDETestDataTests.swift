import Foundation
@testable import Programs
import TestSupport
import Testing

/// KDE Itinerary's own extractor test documents (CC0-1.0, made into the e-mails they came as:
/// `Fixtures/kde-extractordata/` and `Fixtures/kde-mail/`), each through the real
/// `reservation-feed generate`: every document from which `kitinerary-extractor`, asked alone,
/// finds a reservation gives events; what each document gives is kept as a golden file, so that
/// a change to how documents reach the extractor cannot lose or alter a booking unseen; every
/// event's two ends are on one kind of clock; every feed is valid. The messages are unsigned, as
/// KDE keeps them: `--trust-unverified`.
@Suite("KDE's extractor test data, end to end")
struct KDETestDataTests {
    static let folders = ["Tests/CommandLineTests/Fixtures/kde-extractordata", "Tests/CommandLineTests/Fixtures/kde-mail"]
    static let golden = "Tests/CommandLineTests/Golden/kde-extractordata.txt"

    /// Every document of the folders, by its path from the repository's top folder.
    private func documents() throws -> [String] {
        var found: [String] = []
        for folder in Self.folders {
            let names = FileManager.default.subpaths(atPath: Repository.url(folder).path) ?? []
            found += names.filter { $0.hasSuffix(".eml") || $0.hasSuffix(".ics") }.map { "\(folder)/\($0)" }
        }
        return found.sorted()
    }

    /// The reservations' types in an answer of KDE's extractor (a JSON-LD array).
    private func types(_ answer: [UInt8]) throws -> [String] {
        let items = try JSONSerialization.jsonObject(with: Data(answer)) as? [[String: Any]] ?? []
        return items.compactMap { $0["@type"] as? String }.filter { $0.hasSuffix("Reservation") }
    }

    /// A feed's events as lines of their own: start, end, title and place, unfolded.
    private func events(_ feed: String) -> [[String]] {
        let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
        return unfolded.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { event in
            let lines = event.components(separatedBy: "\r\n")
            return ["DTSTART", "DTEND", "SUMMARY", "LOCATION"].compactMap { name in
                lines.first { $0.hasPrefix("\(name):") || $0.hasPrefix("\(name);") }
            }
        }
    }

    @Test("what KDE's extractor finds alone, the tool writes: the same events as recorded, on one clock, valid", .timeLimit(.minutes(5)))
    func endToEnd() throws {
        let extractor = try #require(
            DocumentExtractor.installed(), "kitinerary-extractor is not installed: run .ci/setup tests (Debian: apt-get install libkpimitinerary-bin)")
        let folder = try TemporaryFolder("kde-extractordata")
        let documents = try documents()
        #expect(documents.count >= 25)
        var record = ""
        var feeds: [String] = []
        var readAlone = 0
        for (index, document) in documents.enumerated() {
            let bytes = [UInt8](try Data(contentsOf: Repository.url(document)))
            let alone = try types(extractor.extract(bytes, received: nil))
            let feed = folder.path("\(index).ics")
            let result = try ProcessRunner.run(
                CommandLineTests.tool, ["generate", document, "--output", feed, "--now", "2000-01-01T00:00:00Z", "--trust-unverified", "--quiet"])
            var written: [[String]] = []
            if result.status == 0 {
                written = events(try String(contentsOfFile: feed, encoding: .utf8))
                feeds.append(feed)
            } else {
                // A document without a booking: the tool says so and writes nothing.
                #expect(result.standardError.contains("no reservations found in 1 input file"), "\(document): \(result.standardError)")
            }
            if !alone.isEmpty {
                readAlone += 1
                #expect(!written.isEmpty, "\(document): kitinerary-extractor alone finds \(alone.count) reservations, the tool wrote no event")
            }
            for lines in written {
                let ends = lines.filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("DTEND") }
                let kinds = Set(ends.map { $0.contains("TZID=") ? "zone" : $0.hasSuffix("Z") ? "UTC" : "floating" })
                #expect(kinds.count == 1 || !kinds.contains("floating"), "\(document): two kinds of ends: \(ends)")
            }
            let name = document.replacingOccurrences(of: "Tests/CommandLineTests/Fixtures/", with: "")
            record += "\(name): kitinerary-extractor alone: \(alone.isEmpty ? "no reservation" : alone.joined(separator: ", "))\n"
            for lines in written { record += "  " + lines.joined(separator: "\n    ") + "\n" }
        }
        #expect(readAlone >= 20, "kitinerary-extractor alone read only \(readAlone) of \(documents.count) documents")
        if let mismatch = Golden.mismatch(record, golden: Self.golden) { Issue.record("\(mismatch)") }
        let verdict = try ICSValidator.validate(feeds)
        #expect(verdict.passed, "\(verdict.report)")
    }
}
