import Basics
import Foundation
import Testing

@testable import Programs

/// KDE's extractor's progress on a terminal: nothing for a quick run, then one line rewritten
/// at most four times a second, erased before anything else is said.
@Suite("Progress on a terminal")
struct TerminalProgressTests {
    @Test("silent for the first second, then at most four lines a second; clear erases it once")
    func pace() {
        let written = Locked<[String]>([])
        let progress = TerminalProgress { text in written.withLock { $0.append(text) } }
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

    @Test("a calendar's writes: done of total, on the same pace")
    func published() {
        let written = Locked<[String]>([])
        let progress = TerminalProgress { text in written.withLock { $0.append(text) } }
        let start = Date(timeIntervalSince1970: 1_000_000)
        for done in 1...8 { progress.published(done, of: 20_000, now: start.addingTimeInterval(Double(done) * 0.2)) }
        #expect(written.withLock { $0 } == [
            "\r\u{1B}[KPublished \(6.formatted()) of \(20_000.formatted()) changes",
            "\r\u{1B}[KPublished \(8.formatted()) of \(20_000.formatted()) changes",
        ])
    }

    @Test("no progress without a terminal, nor when quiet")
    func onlyOnTerminals() {
        #expect(TerminalProgress.onTerminal(quiet: true) == nil)
        // The tests' standard error is a file or a pipe.
        if isatty(STDERR_FILENO) == 0 { #expect(TerminalProgress.onTerminal(quiet: false) == nil) }
    }
}
