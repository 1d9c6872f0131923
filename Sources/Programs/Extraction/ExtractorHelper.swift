import Basics
import Chrono
import Foundation
import ReservationImport

/// KDE's extractor kept running (`reservation-feed-kitinerary`, built beside this program where
/// KDE's development packages are): each document costs what reading it costs, where
/// `kitinerary-extractor` (``DocumentExtractor``) starts a program for each (what that costs is
/// measured in docs/performance.md, "A first run, with KDE's extractor"). Its
/// answers are `kitinerary-extractor`'s, byte for byte; its limits the same (a document that
/// takes too long or answers too much is stopped, with the helper, which is then replaced).
///
/// Helpers are shared by every extraction of the program: one per thread that extracts at once,
/// kept between documents, replaced after ``ExtractorHelperProcess/documentsPerHelper``
/// documents, and leaving by themselves after a minute without one.
struct ExtractorHelper: DocumentExtraction {
    /// The helper's program.
    var executable: String
    /// How long one document may take, in seconds.
    var timeout: Int
    /// The longest answer read, in bytes.
    var outputLimit: Int
    /// What identifies KDE's extractor for the memo of answers (``DocumentExtraction/signature``):
    /// the same as `kitinerary-extractor`'s, whose answers these are.
    var signature: String?

    /// A helper at a known path.
    init(executable: String, signature: String?, timeout: Int = ImportLimits().extractorTime, outputLimit: Int = ImportLimits().fileSize) {
        self.executable = executable
        self.signature = signature
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// `reservation-feed-kitinerary` beside this program, or `nil` when it was not built.
    static func besideProgram() -> String? {
        let path = SiblingProgram.path("reservation-feed-kitinerary")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Extracts the reservations of a document as JSON-LD, as ``DocumentExtractor`` does.
    func extract(_ bytes: [UInt8], received: Instant?) throws(ExtractionError) -> [UInt8] {
        // Helpers that left after a while without work are passed over; a new helper's failure
        // is the document's.
        while true {
            let waiting = Self.idle.take(executable)
            let helper: ExtractorHelperProcess
            do {
                helper = try waiting ?? ExtractorHelperProcess(executable: executable)
            } catch {
                throw ExtractionError("cannot run \(executable): \(ChildProcess.reason(error))")
            }
            do throws(ExtractorHelperProcess.HelperError) {
                let answer = try helper.extract(bytes, received: received, timeout: timeout, outputLimit: outputLimit)
                Self.idle.give(helper)
                return answer
            } catch {
                switch error {
                case .gone where waiting != nil:
                    continue
                case .gone:
                    throw ExtractionError("\(executable) ended before it read the document")
                case .stopped(let reason):
                    throw ExtractorRunning.failure(.stopped(reason), said: "")
                case .ended(let outcome, let said):
                    throw ExtractorRunning.failure(outcome, said: said)
                case .garbled:
                    throw ExtractionError("\(executable) answered something that is not an answer")
                }
            }
        }
    }

    /// The helpers waiting for a document.
    private static let idle = Idle()

    /// Helpers between documents, each used by one thread at a time.
    private final class Idle: Sendable {
        // A helper is handed to one thread at a time, through the lock.
        private struct Helpers {
            var waiting: [ExtractorHelperProcess] = []
        }

        private let helpers = Locked(Helpers())

        /// A waiting helper of that program, if any.
        func take(_ executable: String) -> ExtractorHelperProcess? {
            helpers.withLock { helpers in
                helpers.waiting.firstIndex { $0.executable == executable }.map { helpers.waiting.remove(at: $0) }
            }
        }

        /// A helper done with its document: kept for the next, unless it has read its share.
        func give(_ helper: ExtractorHelperProcess) {
            guard helper.documentsRead < ExtractorHelperProcess.documentsPerHelper else { return }
            helpers.withLock { $0.waiting.append(helper) }
        }
    }
}
