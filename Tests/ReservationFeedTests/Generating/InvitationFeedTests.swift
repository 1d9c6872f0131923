import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Feeds of Outlook's and Exchange's invitations")
struct InvitationFeedTests {
    @Test("invitations with Windows zones, display names and zones nothing places: a golden feed in IANA zones that passes the independent checker")
    func outlookInvitations() throws {
        let folder = try TemporaryFolder("invitations")
        let output = folder.path("invitations.ics")
        var reported: [Diagnostic] = []
        let report = try FeedGenerator().generate(
            inputs: [Repository.url("Tests/ReservationImportTests/Fixtures/outlook").path], to: .file(output),
            now: try Instant(iso8601: "2015-01-01T00:00:00Z"), report: { reported.append($0) })
        #expect(report.eventCount == 11)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        // Every zone written is an IANA one; the only UTC times are the odd clocks' and the stamps.
        let zones = Set(text.split(separator: "\r\n").compactMap { line -> Substring? in
            guard line.hasPrefix("DTSTART;TZID=") || line.hasPrefix("DTEND;TZID=") else { return nil }
            return line.split(separator: "=")[1].split(separator: ":")[0]
        })
        #expect(
            zones == [
                "America/Los_Angeles", "America/New_York", "America/Sao_Paulo", "Asia/Tokyo", "Europe/Amsterdam", "Europe/Berlin",
            ])
        let mismatch = Golden.mismatch(text, golden: "Tests/ReservationFeedTests/Golden/outlook-invitations.ics")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }
}
