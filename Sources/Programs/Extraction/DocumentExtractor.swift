import Basics
import Chrono
import Foundation
import ReservationImport

/// KDE's itinerary extractor (`kitinerary-extractor`, Debian `libkpimitinerary-bin`), run as a
/// subprocess for documents that carry no schema.org markup: PDF tickets, boarding passes, Apple
/// Wallet passes (`.pkpass`), and confirmation e-mails and pages written for people only. It
/// knows the layouts of hundreds of vendors and answers in schema.org JSON-LD, which is then read
/// like any other markup.
///
/// The document goes to the extractor as a file; its answer goes to a file too, so that nothing
/// can block on a pipe. A run that takes longer than ``timeout`` is stopped, with everything it
/// started, and an answer longer than ``outputLimit`` bytes is refused: a document from a
/// stranger must not stall a run.
struct DocumentExtractor: DocumentExtraction {
    /// The extractor's program.
    var executable: String
    /// How long one document may take, in seconds.
    var timeout: Int
    /// The longest answer read, in bytes.
    var outputLimit: Int

    /// An extractor at a known path.
    init(executable: String, timeout: Int = ImportLimits().extractorTime, outputLimit: Int = ImportLimits().fileSize) {
        self.executable = executable
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The installed `kitinerary-extractor`, or `nil` when there is none: the program named by
    /// `$KITINERARY_EXTRACTOR` (and no other, when that is set), else one on `$PATH`, else where
    /// KDE's packages put it (`/usr/lib/<arch>/libexec/kf5/`, `.../kf6/`, `/usr/libexec/kf6/`).
    static func installed(timeout: Int = ImportLimits().extractorTime, outputLimit: Int = ImportLimits().fileSize) -> DocumentExtractor? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let explicit = named {
            // Named: that program and no other (an empty or missing one means none).
            return FileManager.default.isExecutableFile(atPath: explicit)
                ? DocumentExtractor(executable: explicit, timeout: timeout, outputLimit: outputLimit) : nil
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(folder)/kitinerary-extractor") }
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        for library in libraries.sorted() where library.contains("-linux-") {
            candidates += ["/usr/lib/\(library)/libexec/kf6/kitinerary-extractor", "/usr/lib/\(library)/libexec/kf5/kitinerary-extractor"]
        }
        candidates += ["/usr/libexec/kf6/kitinerary-extractor", "/usr/libexec/kf5/kitinerary-extractor"]
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        return DocumentExtractor(executable: found, timeout: timeout, outputLimit: outputLimit)
    }

    /// The program `$KITINERARY_EXTRACTOR` names, if it names one: that program and no other is
    /// run, once per document.
    static var named: String? {
        ProcessInfo.processInfo.environment["KITINERARY_EXTRACTOR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The program's path, size and modification time: an upgraded extractor reads documents again.
    var signature: String? { ExtractionMemo.signature(of: executable) }

    /// Extracts the reservations of a document as JSON-LD.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - received: When it was received (an e-mail's date, a file's time), which the extractor
    ///     needs for documents that leave out the year.
    /// - Returns: The extractor's JSON-LD, an array (empty when it found nothing).
    /// - Throws: `ExtractionError` when the extractor cannot be run, fails, takes too long or answers
    ///   too much.
    func extract(_ bytes: [UInt8], received: Instant?) throws(ExtractionError) -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reservation-feed-extract-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw ExtractionError("cannot make a working folder for the extractor: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("document")
        let output = folder.appendingPathComponent("answer.json")
        let errors = folder.appendingPathComponent("errors.txt")
        guard FileManager.default.createFile(atPath: input.path, contents: Data(bytes)) else {
            throw ExtractionError("cannot write the document for the extractor")
        }
        var arguments = ["--output", "JsonLd"]
        if let received { arguments += ["--context-date", "\(received.utcDateTime)Z"] }
        let child = ChildProcess(
            executable: executable, arguments: arguments + [input.path], environment: ExtractorRunning.environment, output: output.path, errors: errors.path,
            timeout: timeout, outputLimit: outputLimit)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try child.run()
        } catch {
            throw ExtractionError("cannot run \(executable): \(error)")
        }
        guard outcome == .exited(0) else {
            let said = (try? String(contentsOf: errors, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
            throw ExtractorRunning.failure(outcome, said: said)
        }
        guard let data = FileManager.default.contents(atPath: output.path), data.count <= outputLimit else {
            throw ExtractionError("kitinerary-extractor's answer could not be read")
        }
        return [UInt8](data)
    }
}
