import Foundation
import TestSupport
import Testing

/// mbox files (Thunderbird's local folders, Google Takeout and Apple Mail exports) as inputs:
/// written by Python's `mailbox` module, read through the real program.
@Suite("mbox files as inputs")
struct MboxCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"
    static let mails = [
        "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml", "Examples/markup/hotel-confirmation.eml",
        "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-2-moved.eml",
    ]
    static let cancellation = "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-3-cancelled.eml"

    /// Writes an mbox with `make_mbox.py`.
    private func mbox(_ path: String, _ arguments: [String]) throws {
        let made = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/make_mbox.py").path, path] + arguments)
        try #require(made.status == 0, "make_mbox.py: \(made.standardError)")
    }

    /// Runs the tool, with the keys that signed the e-mails.
    private func run(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(Self.tool, arguments + Repository.dkimKeyOptions)
    }

    @Test("every message is read as an e-mail of its own; a later one cancels the booking an earlier one made")
    func everyMessage() throws {
        let folder = try TemporaryFolder("mbox")
        let box = folder.path("Takeout.mbox")
        try mbox(box, Self.mails + ["--plain", "Lunch?", "From the look of it we should meet.\nNothing booked.\n", Self.cancellation])
        let lint = try run(["lint", box, "--now", Self.now])
        #expect(lint.standardOutput == "2 reservations in 1 input (5 messages): 0 errors, 0 warnings\n")
        #expect(lint.status == 0)

        let output = folder.path("mail.ics")
        let result = try run(["generate", box, "--output", output, "--now", Self.now])
        #expect(result.status == 0)
        #expect(result.standardError.hasSuffix("(2 reservations from 1 input holding 5 messages)\n"))
        let feed = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(feed.contains("SUMMARY:Cancelled: Restaurant · EPIC Steak (2 people)"))
        #expect(feed.contains("SUMMARY:Hotel · Hotel Norge by Scandic"))
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("KDE's extractor is asked once about each message without markup, however often the export is read")
    func extractorAskedOnce() throws {
        let folder = try TemporaryFolder("mbox")
        let box = folder.path("Takeout.mbox")
        try mbox(box, [Self.mails[0], "--plain", "Lunch?", "Nothing booked.\n", "--plain", "Dinner?", "Nothing booked either.\n"])
        let extractor = try CountingExtractor(in: folder)
        let environment = ["KITINERARY_EXTRACTOR": extractor.program, "XDG_CACHE_HOME": folder.path("cache")]
        for _ in 0..<2 {
            let lint = try ProcessRunner.run(Self.tool, ["lint", box, "--now", Self.now] + Repository.dkimKeyOptions, environment: environment)
            #expect(lint.standardOutput == "1 reservation in 1 input (3 messages): 0 errors, 0 warnings\n", "\(lint.standardOutput)")
        }
        #expect(extractor.runs == 2, "each of the two messages without markup once, not once per run")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path("cache/reservation-feed/extracted"))
        #expect(kept.filter { $0.hasSuffix(".kitinerary") }.count == 2)
    }

    @Test("a message past --limit message-size is reported by number and Message-ID, and the rest is read")
    func oversizeMessage() throws {
        let folder = try TemporaryFolder("mbox")
        let box = folder.path("export.mbox")
        try mbox(box, [Self.mails[0], "--filler", "1", "300000", Self.mails[1]])
        let result = try run(["lint", box, "--now", Self.now, "--limit", "message-size=200K", "--format", "json"])
        #expect(result.status == 1)
        struct Document: Decodable {
            struct Item: Decodable {
                struct Message: Decodable { var number: Int?; var messageID: String? }
                var code, file, message: String
                var mailMessage: Message?
            }
            struct Summary: Decodable { var messages: Int?; var reservations: Int }
            var diagnostics: [Item]
            var summary: Summary
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(result.standardOutput.utf8))
        #expect(document.summary.messages == 3)
        #expect(document.summary.reservations == 2)
        let finding = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(finding.code == "limit")
        #expect(finding.file == box)
        #expect(finding.mailMessage?.number == 2)
        #expect(finding.mailMessage?.messageID == "filler-1@example.com")
        #expect(finding.message.contains("more than the limit of 200 KB (--limit message-size)"), "\(finding.message)")

        let text = try run(["lint", box, "--now", Self.now, "--limit", "message-size=200K"])
        #expect(text.standardOutput.hasPrefix("\(box): message 2 <filler-1@example.com>: the message (line "), "\(text.standardOutput)")
    }

    @Test("an export of several hundred megabytes is streamed: memory stays far below its size, past the file-size limit")
    func largeExport() throws {
        let folder = try TemporaryFolder("mbox")
        let box = folder.path("All mail Including Spam and Trash.mbox")
        try mbox(box, [Self.mails[0], "--filler", "300", "1000000", Self.mails[1], Self.cancellation])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: box)[.size] as? Int)
        #expect(size > 300_000_000)
        let output = folder.path("big.ics")
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Repository.url("Tests/Tools/peak_memory.py").path, Self.tool.path, "generate", box, "--output", output, "--now", Self.now,
             "--extractor", "none", "--limit", "file-size=10M"] + Repository.dkimKeyOptions)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("(2 reservations from 1 input holding 303 messages)"), "\(result.standardError)")
        let peak = try #require(result.standardError.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") })
        // About a twentieth of the file; a reader that held the file would need more than all of it.
        #expect(peak < Sanitizer.memoryBound(120_000), "peak memory \(peak) KB for a \(size / 1_000_000) MB mbox")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self).contains("STATUS:CANCELLED"))
    }
}
