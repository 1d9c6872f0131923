import Basics
import Foundation
import ReservationImport

/// What both ways of running KDE's extractor share (``DocumentExtractor``, a program per
/// document, and ``ExtractorHelper``, one kept running): the environment it gets, and the words
/// for a run that gave no answer, so that a document fails alike whichever read it.
enum ExtractorRunning {
    /// This program's environment without its secrets (the IMAP and CalDAV passwords,
    /// `RESERVATION_FEED_…PASSWORD`), since the extractor reads strangers' documents, and with
    /// Qt told that there is no display to open.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !(key.hasPrefix("RESERVATION_FEED_") && key.hasSuffix("PASSWORD"))
        }
        environment["QT_QPA_PLATFORM"] = "offscreen"
        return environment
    }

    /// Why a run was stopped at the time limit.
    static func tookTooLong(_ timeout: Int) -> String {
        "it took longer than \(timeout) s (--limit extractor-time)"
    }

    /// Why a run was stopped at the limit on answers.
    static func answeredTooMuch(_ limit: Int) -> String {
        "its answer is longer than \(ImportLimits.describe(bytes: limit)) (--limit file-size)"
    }

    /// The document's failure when a run ended without an answer: stopped at a limit, or ended
    /// by a status or a signal, with the last line the extractor said.
    static func failure(_ outcome: ChildProcess.Outcome, said: String) -> ExtractionError {
        let how: String
        switch outcome {
        case .stopped(let reason): return ExtractionError("kitinerary-extractor was stopped: \(reason)")
        case .exited(let status): how = "status \(status)"
        case .signalled(let signal): how = "signal \(signal)"
        }
        return ExtractionError("kitinerary-extractor failed (\(how))\(said.isEmpty ? "" : ": \(said)")")
    }
}
