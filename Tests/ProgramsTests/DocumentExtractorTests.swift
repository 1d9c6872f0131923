@testable import Chrono
import Diagnostics
import Foundation
@testable import Programs
import ReservationImport
import Reservations
import TestSupport
import Testing

/// Documents without markup, read by KDE's real `kitinerary-extractor` (Debian
/// `libkpimitinerary-bin`, which `.ci/setup tests` installs), which the programs run as a child
/// process for the importer (the library runs none). Without it these tests fail, saying so:
/// they never pass by skipping.
@Suite("Documents without markup, through KDE's extractor")
struct DocumentExtractorTests {
    static let folder = "Tests/ReservationImportTests/Fixtures/documents/"
    static let june = try! Instant(iso8601: "2026-06-01T00:00:00Z")

    private func document(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Repository.url(Self.folder + name)))
    }

    /// An importer with the installed extractor, as the command line makes it.
    private var importer: ReservationImporter {
        ReservationImporter(extractor: InstalledExtractor(timeout: ImportLimits().extractorTime, outputLimit: ImportLimits().fileSize))
    }

    private func installed() throws -> DocumentExtractor {
        try #require(
            DocumentExtractor.installed(),
            "kitinerary-extractor is not installed: run .ci/setup tests (Debian: apt-get install libkpimitinerary-bin)")
    }

    @Test("a PDF boarding pass: its barcode's flight, on its day, every message naming the PDF")
    func pdf() throws {
        _ = try installed()
        let result = importer.read(try document("boarding-pass.pdf"), source: .file("pass.pdf"), sourceTime: Self.june)
        let imported = try #require(result.reservations.first)
        guard case .flight(let flight) = imported.reservation.details else {
            Issue.record("not a flight: \(result)")
            return
        }
        #expect(result.reservations.count == 1)
        #expect(flight.departure?.airport?.iataCode == "HEL" && flight.arrival?.airport?.iataCode == "ARN")
        #expect(flight.airline?.iataCode == "AY" && flight.flightNumber == "123")
        #expect(flight.departure?.time == .date(try #require(LocalDate(year: 2026, month: 6, day: 29))))
        #expect(imported.reservation.reservationNumber == "ABC123")
        #expect(imported.origin?.source.description == "pass.pdf")
        #expect(imported.origin?.path.hasPrefix("kitinerary") == true)
    }

    @Test("an Apple Wallet pass: the flight, with its boarding time in Helsinki")
    func pass() throws {
        _ = try installed()
        let result = importer.read(try document("boarding-pass.pkpass"), source: .file("pass.pkpass"), sourceTime: Self.june)
        guard case .flight(let flight)? = result.reservations.first?.reservation.details else {
            Issue.record("no flight: \(result)")
            return
        }
        #expect(flight.boardingTime?.description == "2026-06-29T09:00:00+03:00[Europe/Helsinki]")
    }

    @Test("a PDF without a booking is reported, and a format nothing reads is an error")
    func nothingFound() throws {
        _ = try installed()
        let invoice = importer.read(try document("invoice.pdf"), source: .file("invoice.pdf"), sourceTime: Self.june)
        #expect(invoice.reservations.isEmpty)
        #expect(invoice.diagnostics.map(\.description) == ["invoice.pdf: warning: kitinerary-extractor found no reservation in it (a PDF)"])
        let binary = importer.read([0x01, 0xFF, 0xFE, 0x00, 0x80], source: .file("x.bin"))
        #expect(binary.diagnostics.map(\.code.rawValue) == ["unrecognized"])
    }

    @Test("with --extractor none, documents are left unread and said so; markup is read as ever")
    func none() throws {
        let importer = ReservationImporter(extraction: .none)
        let result = importer.read(try document("boarding-pass.pdf"), source: .file("pass.pdf"))
        #expect(result.reservations.isEmpty)
        // The library names the setting plainly; the command line, as its option.
        #expect(result.diagnostics.map(\.description) == ["pass.pdf: warning: a PDF without schema.org markup, not read (extractor none)"])
        #expect(result.diagnostics.map { $0.description(.commandLine) } == ["pass.pdf: warning: a PDF without schema.org markup, not read (--extractor none)"])
    }

    @Test("an extractor that takes too long is stopped at the time limit")
    func timeout() throws {
        let folder = try TemporaryFolder("slow-extractor")
        let script = try folder.writeProgram("slow", "#!/bin/sh\nsleep 30\n")
        let start = Date()
        #expect {
            try DocumentExtractor(executable: script, timeout: 1).extract([0x25], received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description == "kitinerary-extractor was stopped: it took longer than 1 s (--limit extractor-time)"
        }
        // Stopped, not waited for (a margin for a loaded machine).
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test("an answer longer than the limit is refused while it is written")
    func outputLimit() throws {
        let folder = try TemporaryFolder("chatty-extractor")
        let script = try folder.writeProgram("chatty", "#!/bin/sh\nyes '[{\"@type\": \"Thing\"}]'\n")
        #expect {
            try DocumentExtractor(executable: script, timeout: 20, outputLimit: 1 << 16).extract([0x25], received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description.hasSuffix("its answer is longer than 64 KB (--limit file-size)") == true
        }
    }

    @Test("an extractor that fails is an error naming the document; the run goes on")
    func failing() throws {
        let folder = try TemporaryFolder("failing-extractor")
        let script = try folder.writeProgram("failing", "#!/bin/sh\necho 'cannot open display' >&2\nexit 3\n")
        #expect {
            try DocumentExtractor(executable: script).extract([0x25], received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description == "kitinerary-extractor failed (status 3): cannot open display"
        }
    }

    @Test("the extractor reads strangers' documents: it gets no password of this program's environment, and no display")
    func noSecrets() throws {
        let folder = try TemporaryFolder("extractor-environment")
        let seen = folder.path("environment")
        let script = try folder.writeProgram("nosy", "#!/bin/sh\nenv > '\(seen)'\necho '[]'\n")
        setenv("RESERVATION_FEED_TEST_PASSWORD", "hunter2", 1)
        defer { unsetenv("RESERVATION_FEED_TEST_PASSWORD") }
        _ = try DocumentExtractor(executable: script).extract([0x25], received: nil)
        let environment = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(!environment.contains("hunter2"))
        #expect(environment.contains("QT_QPA_PLATFORM=offscreen"))
    }
}
