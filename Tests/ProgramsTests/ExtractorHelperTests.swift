import Basics
@testable import Chrono
import Foundation
@testable import Programs
import ReservationImport
import TestSupport
import Testing

/// KDE's extractor kept running (`reservation-feed-kitinerary`): the same answers as
/// `kitinerary-extractor`, byte for byte, on every document the tests hold; the same limits;
/// one helper for many documents, replaced when it fails or leaves. The helper is built where
/// KDE's development packages are (`.ci/setup tests` installs them); without it these tests fail,
/// saying so.
@Suite("KDE's extractor kept running")
struct ExtractorHelperTests {
    /// The built helper and the installed `kitinerary-extractor`.
    private func programs() throws -> (helper: String, extractor: DocumentExtractor) {
        let helper = Repository.productsFolder.appendingPathComponent("reservation-feed-kitinerary").path
        try #require(
            FileManager.default.isExecutableFile(atPath: helper),
            "reservation-feed-kitinerary is not built: run .ci/setup tests (Debian: apt-get install libkpimitinerary-dev), then swift build")
        let extractor = try #require(
            DocumentExtractor.installed(), "kitinerary-extractor is not installed: run .ci/setup tests (Debian: apt-get install libkpimitinerary-bin)")
        return (helper, extractor)
    }

    /// Every document of the tests that KDE's extractor may be given: PDFs, passes, e-mails and
    /// pages from real vendors (KDE's own test data among them), and documents without a booking.
    private func documents() throws -> [(name: String, bytes: [UInt8])] {
        let folders = [
            "Tests/ReservationImportTests/Fixtures/documents", "Tests/Corpus/kde", "Tests/Corpus/google", "Tests/Corpus/apple",
            "Tests/CommandLineTests/Fixtures/kde-mail", "Tests/CommandLineTests/Fixtures/kde-extractordata", "Examples/markup",
        ]
        var found: [(String, [UInt8])] = []
        for folder in folders {
            let names = (FileManager.default.subpaths(atPath: Repository.url(folder).path) ?? []).sorted()
            for name in names where [".pdf", ".pkpass", ".eml", ".html", ".ics"].contains(where: name.hasSuffix) {
                found.append(("\(folder)/\(name)", [UInt8](try Data(contentsOf: Repository.url("\(folder)/\(name)")))))
            }
        }
        let letter = "From: news@example.com\r\nSubject: This week\r\nDate: Mon, 05 Jan 2026 10:00:00 +0000\r\n\r\nNothing booked here.\r\n"
        found.append(("a newsletter", Array(letter.utf8)))
        return found
    }

    @Test("the same answers as kitinerary-extractor, byte for byte, on every document, through one helper")
    func sameAnswers() throws {
        let (helper, extractor) = try programs()
        let received = try Instant(iso8601: "2026-06-01T00:00:00Z")
        let kept = ExtractorHelper(executable: helper, signature: extractor.signature)
        let documents = try documents()
        #expect(documents.count >= 20)
        var withBookings = 0
        for (name, bytes) in documents {
            let alone = try extractor.extract(bytes, received: received)
            let helped = try kept.extract(bytes, received: received)
            #expect(helped == alone, "\(name): the helper said \(helped.count) bytes, kitinerary-extractor \(alone.count)")
            if alone.count > 5 { withBookings += 1 }
        }
        #expect(withBookings >= 25, "KDE's extractor found bookings in only \(withBookings) documents")
    }

    /// A stand-in for the helper that speaks its framing: it answers an empty array, but takes
    /// forever on "slow", answers too much on "chatty", dies on "crash", and leaves after each
    /// answer on "leave". It notes each start in `starts`.
    private func standIn(in folder: TemporaryFolder) throws -> (program: String, starts: String) {
        let starts = folder.path("starts")
        let program = try folder.writeProgram(
            "helper",
            """
            #!/usr/bin/env python3
            import os, signal, sys, time
            open('\(starts)', 'a').write('start\\n')
            while True:
                header = sys.stdin.buffer.readline()
                if not header:
                    break
                document = sys.stdin.buffer.read(int(header.split(b' ')[0]))
                if document == b'slow':
                    time.sleep(60)
                if document == b'pause and leave':
                    time.sleep(0.5)
                if document == b'crash':
                    sys.stderr.write('the stand-in fell over\\n')
                    sys.stderr.flush()
                    os.kill(os.getpid(), signal.SIGSEGV)
                answer = b'[' + b' ' * (1 << 20) + b']' if document == b'chatty' else b'[\\n]\\n'
                sys.stdout.buffer.write(b'%d\\n' % len(answer) + answer)
                sys.stdout.buffer.flush()
                if document in (b'leave', b'pause and leave'):
                    break

            """)
        return (program, starts)
    }

    private func starts(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test("many documents, one helper; a helper that left is replaced without a word")
    func reused() throws {
        let folder = try TemporaryFolder("helper-reused")
        let (program, starts) = try standIn(in: folder)
        let helper = ExtractorHelper(executable: program, signature: "stand-in", timeout: 20)
        for _ in 0..<20 {
            #expect(try helper.extract(Array("fine".utf8), received: nil) == Array("[\n]\n".utf8))
        }
        #expect(self.starts(starts) == 1)
        #expect(try helper.extract(Array("leave".utf8), received: nil) == Array("[\n]\n".utf8))
        #expect(try helper.extract(Array("fine".utf8), received: nil) == Array("[\n]\n".utf8))
        #expect(self.starts(starts) == 2)

        // Two documents at once: the waiting helper and a new one, both gone by the next
        // document, which passes over each.
        let answers = Locked<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let answer = (try? helper.extract(Array("pause and leave".utf8), received: nil)) ?? []
            answers.withLock { $0.append(answer) }
        }
        #expect(answers.withLock { $0 } == [Array("[\n]\n".utf8), Array("[\n]\n".utf8)])
        #expect(self.starts(starts) == 3)
        #expect(try helper.extract(Array("fine".utf8), received: nil) == Array("[\n]\n".utf8))
        #expect(self.starts(starts) == 4)
    }

    @Test("a document that takes too long stops the helper at the time limit; the next gets another")
    func timeout() throws {
        let folder = try TemporaryFolder("helper-slow")
        let (program, starts) = try standIn(in: folder)
        let helper = ExtractorHelper(executable: program, signature: "stand-in", timeout: 1)
        #expect {
            try helper.extract(Array("slow".utf8), received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description == "kitinerary-extractor was stopped: it took longer than 1 s (--limit extractor-time)"
        }
        #expect(try helper.extract(Array("fine".utf8), received: nil) == Array("[\n]\n".utf8))
        #expect(self.starts(starts) == 2)
    }

    @Test("an answer longer than the limit is refused; a helper that dies fails its document alone, saying what it said")
    func limitsAndCrashes() throws {
        let folder = try TemporaryFolder("helper-limits")
        let (program, starts) = try standIn(in: folder)
        let helper = ExtractorHelper(executable: program, signature: "stand-in", timeout: 20, outputLimit: 1 << 16)
        #expect {
            try helper.extract(Array("chatty".utf8), received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description == "kitinerary-extractor was stopped: its answer is longer than 64 KB (--limit file-size)"
        }
        #expect {
            try helper.extract(Array("crash".utf8), received: nil)
        } throws: { error in
            (error as? ExtractionError)?.description == "kitinerary-extractor failed (signal 11): the stand-in fell over"
        }
        #expect(try helper.extract(Array("fine".utf8), received: nil) == Array("[\n]\n".utf8))
        #expect(self.starts(starts) == 3)
    }
}
