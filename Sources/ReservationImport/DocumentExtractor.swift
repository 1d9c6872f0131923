import Chrono
import Foundation

/// KDE's itinerary extractor (`kitinerary-extractor`, Debian `libkpimitinerary-bin`), run as a
/// subprocess for documents that carry no schema.org markup: PDF tickets, boarding passes, Apple
/// Wallet passes (`.pkpass`), and confirmation e-mails and pages written for people only. It
/// knows the layouts of hundreds of vendors and answers in schema.org JSON-LD, which is then read
/// like any other markup.
///
/// The document goes to the extractor as a file; its answer goes to a file too, so that nothing
/// can block on a pipe. A run that takes longer than ``timeout`` is stopped, and an answer longer
/// than ``outputLimit`` bytes is refused: a document from a stranger must not stall a run.
public struct DocumentExtractor: Sendable {
    /// The extractor's program.
    public var executable: String
    /// How long one document may take, in seconds.
    public var timeout: Int
    /// The longest answer read, in bytes.
    public var outputLimit: Int

    /// An extractor at a known path.
    public init(executable: String, timeout: Int = ImportLimits().extractorTime, outputLimit: Int = ImportLimits().fileSize) {
        self.executable = executable
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The installed `kitinerary-extractor`, or `nil` when there is none: the program named by
    /// `$KITINERARY_EXTRACTOR` (and no other, when that is set), else one on `$PATH`, else where
    /// KDE's packages put it (`/usr/lib/<arch>/libexec/kf5/`, `.../kf6/`, `/usr/libexec/kf6/`).
    public static func installed(timeout: Int = ImportLimits().extractorTime, outputLimit: Int = ImportLimits().fileSize) -> DocumentExtractor? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let explicit = environment["KITINERARY_EXTRACTOR"], !explicit.isEmpty {
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

    /// Why a document could not be extracted.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Extracts the reservations of a document as JSON-LD.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - received: When it was received (an e-mail's date, a file's time), which the extractor
    ///     needs for documents that leave out the year.
    /// - Returns: The extractor's JSON-LD, an array (empty when it found nothing).
    /// - Throws: ``Failure`` when the extractor cannot be run, fails, takes too long or answers
    ///   too much.
    public func extract(_ bytes: [UInt8], received: Instant?) throws(Failure) -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reservation-feed-extract-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw Failure(description: "cannot make a working folder for the extractor: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("document")
        let output = folder.appendingPathComponent("answer.json")
        let errors = folder.appendingPathComponent("errors.txt")
        guard FileManager.default.createFile(atPath: input.path, contents: Data(bytes)),
            FileManager.default.createFile(atPath: output.path, contents: nil),
            FileManager.default.createFile(atPath: errors.path, contents: nil),
            let answer = FileHandle(forWritingAtPath: output.path), let complaints = FileHandle(forWritingAtPath: errors.path)
        else { throw Failure(description: "cannot write the document for the extractor") }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["--output", "JsonLd"]
        if let received { arguments += ["--context-date", "\(received.utcDateTime)Z"] }
        process.arguments = arguments + [input.path]
        var environment = ProcessInfo.processInfo.environment
        environment["QT_QPA_PLATFORM"] = "offscreen"  // no display needed, none wanted
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = answer
        process.standardError = complaints
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(executable): \(error.localizedDescription)")
        }
        try? answer.close()
        try? complaints.close()

        // Wait, watching the clock and the size of the answer.
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        var stopped: String?
        while process.isRunning {
            if Date() > deadline {
                stopped = "it took longer than \(timeout) s (--limit extractor-time)"
            } else if let size = (try? FileManager.default.attributesOfItem(atPath: output.path))?[.size] as? Int, size > outputLimit {
                stopped = "its answer is longer than \(ImportLimits.describe(bytes: outputLimit)) (--limit file-size)"
            }
            if stopped != nil {
                process.terminate()
                let grace = Date().addingTimeInterval(2)
                while process.isRunning, Date() < grace { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        if let stopped { throw Failure(description: "kitinerary-extractor was stopped: \(stopped)") }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
            throw Failure(description: "kitinerary-extractor failed (status \(process.terminationStatus))\(said.isEmpty ? "" : ": \(said)")")
        }
        guard let data = FileManager.default.contents(atPath: output.path), data.count <= outputLimit else {
            throw Failure(description: "kitinerary-extractor's answer could not be read")
        }
        return [UInt8](data)
    }
}
