import Basics
import Chrono
import Foundation
import ReservationImport

/// One running `reservation-feed-kitinerary`: documents written to its standard input, answers
/// read from its standard output, one document at a time (see the helper's source for the
/// framing). Used by one thread at a time, through ``ExtractorHelper``'s pool.
///
/// A document that takes longer than its time limit, or whose answer is longer than the limit on
/// answers, stops the helper with everything it started (its process group); the pool starts
/// another for the next document.
final class ExtractorHelperProcess {
    /// How a request ended, when it did not give an answer.
    enum HelperError: Error {
        /// The helper was gone before it took the document (it leaves after a while without
        /// work): ask a new one.
        case gone
        /// Stopped for this reason (a limit), in the words of ``ChildProcess``.
        case stopped(String)
        /// It ended in the middle of the document: its outcome, and the last line it said.
        case ended(ChildProcess.Outcome, said: String)
        /// It answered something that is not an answer.
        case garbled
    }

    let executable: String
    /// Documents it has read: a helper is retired after ``documentsPerHelper``, so that what a
    /// long life gathers (memory, a script's leftovers) stays bounded.
    private(set) var documentsRead = 0
    private let pid: pid_t
    private let requests: Int32
    private let answers: Int32
    /// Its standard error, kept for the last line it says when it fails (emptied before each
    /// document, so that it does not grow).
    private let errors: String
    private let folder: String
    private var running = true

    /// How many documents one helper reads before it is replaced.
    static let documentsPerHelper = 2000

    /// Starts the helper.
    ///
    /// - Throws: ``ChildProcess/StartError`` when it cannot be started, Foundation's error when
    ///   its working folder cannot be made.
    init(executable: String) throws {
        self.executable = executable
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reservation-feed-kitinerary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        errors = folder + "/errors.txt"
        let (input, output) = try ChildProcess.pipes()
        do {
            pid = try ChildProcess.spawn(
                executable, [], environment: ExtractorRunning.environment,
                streams: [.descriptor(input.read), .descriptor(output.write), .path(errors, O_WRONLY | O_CREAT | O_APPEND)])
        } catch {
            for descriptor in [input.read, input.write, output.read, output.write] { close(descriptor) }
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        close(input.read)
        close(output.write)
        requests = input.write
        answers = output.read
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Ends the helper: its input closed, then its process group stopped.
    func stop() {
        guard running else { return }
        running = false
        close(requests)
        close(answers)
        ChildProcess.stop(pid)
    }

    /// The helper's answer on one document: KDE's JSON-LD, byte for byte what
    /// `kitinerary-extractor --output JsonLd` prints.
    ///
    /// - Parameters:
    ///   - received: When the document was received (its context date for KDE).
    ///   - timeout: The most seconds it may take.
    ///   - outputLimit: The most bytes the answer may have.
    func extract(_ bytes: [UInt8], received: Instant?, timeout: Int, outputLimit: Int) throws(HelperError) -> [UInt8] {
        guard running else { throw .gone }
        // A helper that left after a while without work is replaced without a word.
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            running = false
            close(requests)
            close(answers)
            throw .gone
        }
        _ = truncate(errors, 0)
        let deadline = ContinuousClock.now + .seconds(timeout)
        let context = received.map { "\($0.utcDateTime)Z" } ?? "-"
        documentsRead += 1
        guard ChildProcess.writeAll(requests, Array("\(bytes.count) \(context)\n".utf8)), ChildProcess.writeAll(requests, bytes) else {
            throw documentsRead == 1 ? ended() : .gone
        }
        do throws(HelperError) {
            let header = try receiveLine(before: deadline, timeout: timeout)
            guard let length = Int(header), length >= 0 else { throw HelperError.garbled }
            guard length <= outputLimit else {
                throw HelperError.stopped(ExtractorRunning.answeredTooMuch(outputLimit))
            }
            return try receive(length, before: deadline, timeout: timeout)
        } catch {
            switch error {
            case .stopped, .garbled: stop()
            // Ending well without an answer is leaving (after a while without work, just as
            // this document came), not failing on it.
            case .ended(.exited(0), _): throw .gone
            case .gone, .ended: break
            }
            throw error
        }
    }

    /// The header line of an answer.
    private func receiveLine(before deadline: ContinuousClock.Instant, timeout: Int) throws(HelperError) -> String {
        var line: [UInt8] = []
        while true {
            let byte = try receive(1, before: deadline, timeout: timeout)
            if byte == [0x0A] { return String(decoding: line, as: UTF8.self) }
            line += byte
            if line.count > 32 { throw .garbled }
        }
    }

    /// Exactly `count` bytes of the answer, waiting no later than `deadline`.
    private func receive(_ count: Int, before deadline: ContinuousClock.Instant, timeout: Int) throws(HelperError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .stopped(ExtractorRunning.tookTooLong(timeout)) }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(Double(Int32.max), (Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18) * 1000 + 1))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let got = bytes.withUnsafeMutableBytes { read(answers, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else { throw ended() }
            filled += got
        }
        return bytes
    }

    /// How the helper ended, once it has (its input closed and its output at an end).
    private func ended() -> HelperError {
        running = false
        close(requests)
        close(answers)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let said = (try? String(contentsOfFile: errors, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
        return .ended(ChildProcess.outcome(status), said: said)
    }
}
