import Basics
import Foundation
import Testing

@testable import Programs

/// KDE's extractor's progress on a terminal: nothing for a quick run, then one line rewritten
/// at most four times a second, erased before anything else is said.
@Suite("The extractor's progress")
struct ExtractionProgressTests {
    @Test("silent for the first second, then at most four lines a second; clear erases it once")
    func pace() {
        let written = Locked<[String]>([])
        let progress = ExtractionProgress { text in written.withLock { $0.append(text) } }
        let start = Date(timeIntervalSince1970: 1_000_000)
        progress.documentRead(now: start)
        progress.documentRead(now: start.addingTimeInterval(0.5))
        progress.clear()
        #expect(written.withLock { $0 }.isEmpty, "a quick run says nothing, and has nothing to erase")
        progress.documentRead(now: start.addingTimeInterval(1.1))
        progress.documentRead(now: start.addingTimeInterval(1.2))
        progress.documentRead(now: start.addingTimeInterval(1.4))
        progress.clear()
        progress.clear()
        #expect(written.withLock { $0 } == [
            "\r\u{1B}[KKDE's extractor: \(3.formatted()) documents read",
            "\r\u{1B}[KKDE's extractor: \(5.formatted()) documents read",
            "\r\u{1B}[K",
        ])
    }

    @Test("no progress without a terminal, nor when quiet")
    func onlyOnTerminals() {
        #expect(ExtractionProgress.onTerminal(quiet: true) == nil)
        // The tests' standard error is a file or a pipe.
        if isatty(STDERR_FILENO) == 0 { #expect(ExtractionProgress.onTerminal(quiet: false) == nil) }
    }
}
