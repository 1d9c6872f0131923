import Foundation
import TestSupport
import Testing

/// Vendors' calendar files as inputs, through the real program, into a feed the independent
/// checkers accept.
@Suite("Calendar files as inputs")
struct CalendarInputCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    @Test("a folder of vendors' calendar files: one event per VEVENT, the cancelled invitation cancelling its event, a valid feed")
    func folder() throws {
        let folder = try TemporaryFolder("ics")
        let output = folder.path("invitations.ics")
        let result = try ProcessRunner.run(
            Self.tool, ["generate", "Tests/ReservationImportTests/Fixtures/calendar", "--output", output, "--now", "2020-01-01T00:00:00Z"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "Wrote 4 events to \(output): 4 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (4 reservations from 5 inputs)\n")
        let feed = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(feed.contains("SUMMARY:Cancelled: Sustainable Software - KDE Eco [x] Green Coding Berlin"))
        #expect(feed.contains("DTSTART;TZID=Europe/Berlin:20240822T102700"))
        #expect(feed.contains("DTSTART:20261201T070000Z"))
        // Outlook's `W. Europe Standard Time` is Europe/Berlin, the wall time as written.
        #expect(feed.contains("DTSTART;TZID=Europe/Berlin:20300710T143000"))
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }
}
