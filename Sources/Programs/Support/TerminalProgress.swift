import Basics
import Foundation
import ProgramSupport

/// How far a long first run got, shown to a person at a terminal: one line (`KDE's extractor:
/// 1,204 documents read`, `Published 5,000 of 20,000 changes`), rewritten at most four times a
/// second and only once the work has gone on for a second (a run that is quick says nothing),
/// erased before anything else is said and when the run is done. Made only for a terminal and
/// without `--quiet` (``onTerminal(quiet:)``): cron and pipes never see it.
final class TerminalProgress: Sendable {
    private struct State {
        var documents = 0
        var started: Date?
        var shown: Date?
        var lineShown = false
    }

    private let state = Locked(State())
    private let write: @Sendable (String) -> Void

    /// Progress written by `write` (tests give their own).
    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Progress on standard error when it is a terminal and the run is not quiet; else `nil`.
    static func onTerminal(quiet: Bool) -> TerminalProgress? {
        guard !quiet, isatty(STDERR_FILENO) != 0 else { return nil }
        return TerminalProgress(write: StandardError.write)
    }

    /// One more document read by KDE's extractor (answers kept from earlier runs do not count).
    func documentRead(now: Date = Date()) {
        show(now: now) { state in
            state.documents += 1
            return "KDE's extractor: \(state.documents.formatted()) documents read"
        }
    }

    /// `done` of `total` changes written to a calendar.
    func published(_ done: Int, of total: Int, now: Date = Date()) {
        show(now: now) { _ in "Published \(done.formatted()) of \(total.formatted()) changes" }
    }

    /// Shows the line `advance` makes, if it is time to.
    private func show(now: Date, _ advance: (inout State) -> String) {
        let line: String? = state.withLock { state in
            let text = advance(&state)
            let started = state.started ?? now
            state.started = started
            guard now.timeIntervalSince(started) >= 1, state.shown.map({ now.timeIntervalSince($0) >= 0.25 }) ?? true else { return nil }
            state.shown = now
            state.lineShown = true
            return "\r\u{1B}[K" + text
        }
        if let line { write(line) }
    }

    /// Erases the line, if it is shown, so that what comes next starts at the line's beginning.
    func clear() {
        let shown = state.withLock { state in
            defer { state.lineShown = false }
            return state.lineShown
        }
        if shown { write("\r\u{1B}[K") }
    }
}
