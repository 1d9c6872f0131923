import Foundation
import Reservations
import TestSupport
import Testing

@testable import EventSynthesis

/// Keeps the table in `SynthesisRules.md (the DocC catalog)` true: it is what synthesis makes of the bundled
/// examples. `RECORD_GOLDEN=1 swift test` rewrites it.
@Suite("SynthesisRules.md (the DocC catalog)")
struct DocumentationTests {
    static let begin = "<!-- BEGIN table: generated from Examples/trip by DocumentationTests; RECORD_GOLDEN=1 swift test rewrites it -->"
    static let end = "<!-- END table -->"

    static func table() throws -> String {
        var rows = [
            "| Category | Example input | Title | Location | Start | End | Notes |",
            "|---|---|---|---|---|---|---|",
        ]
        func cell(_ text: String?) -> String {
            (text ?? "—").replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
        }
        for example in LocalizationTests.examples {
            let reservation = try Fixtures.example("\(example).json")
            let event = try #require(EventSynthesizer().synthesize(reservation).event)
            let link = "[\(example).json](../../../Examples/trip/\(example).json)"
            rows.append(
                "| \(reservation.category.rawValue) | \(link) | \(cell(event.summary)) | \(cell(event.location)) | "
                    + "`\(event.start)` | `\(event.end.map { "\($0)" } ?? "—")` | \(cell(event.notes)) |")
        }
        return rows.joined(separator: "\n")
    }

    @Test("the per-category table is what synthesis makes of the examples")
    func table() throws {
        let url = Repository.url("Sources/ReservationFeed/ReservationFeed.docc/SynthesisRules.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(document.range(of: Self.begin), "no table marker in SynthesisRules.md (the DocC catalog)")
        let finish = try #require(document.range(of: Self.end, range: start.upperBound..<document.endIndex))
        let current = document[start.upperBound..<finish.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = try Self.table()
        if Golden.isRecording {
            let updated = document.replacingCharacters(in: start.upperBound..<finish.lowerBound, with: "\n" + expected + "\n")
            try Data(updated.utf8).write(to: url)
        } else {
            #expect(current == expected, "SynthesisRules.md (the DocC catalog) is out of date; RECORD_GOLDEN=1 swift test rewrites its table")
        }
    }
}
