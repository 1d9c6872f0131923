import Basics
import Diagnostics
import Foundation
import MailProgramProtocol
import Mailboxes
import Parallel
import ReservationImport

/// How IMAP folders among the inputs (`imaps://me@mail.example.com/INBOX`) are read.
///
/// The program `reservation-feed-mail`, installed beside this one, brings each folder's local
/// cache up to date (`MailCache`: each message downloaded once), then the cached messages are
/// read like e-mails, each named by its folder, UIDVALIDITY and UID. Every message ever seen is
/// read, also those since deleted or moved on the server, so that cleaning an inbox never
/// cancels a booking; a later message that cancels it does. libetpan, which speaks IMAP, is
/// loaded only by that program, and only when a mailbox is an input.
public struct MailboxInputs: Sendable {
    /// The program that syncs folders; `nil` for `reservation-feed-mail` beside this program.
    public var program: String?
    /// A file holding the password, readable by its owner only; without one, the program looks in
    /// `RESERVATION_FEED_IMAP_PASSWORD` and `~/.netrc`.
    public var passwordFile: String?
    /// Where messages are kept.
    public var cache: MailCache
    /// Whether progress may be shown on a terminal while a large folder is first downloaded.
    public var showsProgress: Bool

    /// Creates the settings.
    public init(
        program: String? = nil, passwordFile: String? = nil,
        cache: MailCache = MailCache.standard(environment: ProcessInfo.processInfo.environment), showsProgress: Bool = true
    ) {
        self.program = program
        self.passwordFile = passwordFile
        self.cache = cache
        self.showsProgress = showsProgress
    }

    /// The syncing program's path.
    var programPath: String {
        if let program { return program }
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("reservation-feed-mail").path
    }

    /// The program and arguments that keep these folders' caches up to date for as long as they
    /// run, telling each change (``MailProgramMessage/changed(folder:)``) on standard output
    /// (`reservation-feed-mail watch`).
    public func watchCommand(for mailboxes: [String]) -> (program: String, arguments: [String]) {
        var arguments = ["watch", "--quiet", "--cache", cache.root]
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        return (programPath, arguments + mailboxes)
    }

    /// Brings the folders' caches up to date.
    ///
    /// - Throws: ``FeedError/mailbox(_:)`` when a folder cannot be read (the server away, the
    ///   login refused): nothing should be written then.
    func sync(_ mailboxes: [MailboxURL], messageLimit: Int) throws(FeedError) {
        guard !mailboxes.isEmpty else { return }
        let path = programPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .mailbox(
                "IMAP folders are read by the program reservation-feed-mail beside this one (\(path)); build them all (swift build) and install them together")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        var arguments = ["sync", "--quiet", "--cache", cache.root, "--message-size", "\(messageLimit)"]
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        process.arguments = arguments + mailboxes.map(\.description)
        // What it says comes as messages on its standard output; its standard error is this
        // program's, for what a program that dies unexpectedly prints.
        let messages = Pipe()
        process.standardOutput = messages
        do {
            try process.run()
        } catch {
            throw .mailbox("cannot start \(path): \(error.localizedDescription)")
        }
        // Progress only where a person watches: this program's own standard error is a terminal.
        let showsProgress = self.showsProgress && isatty(STDERR_FILENO) != 0
        var progressShown = false
        var failure: String?
        MailProgramMessage.read(from: messages.fileHandleForReading.fileDescriptor) { message in
            switch message {
            case .progress:
                guard showsProgress else { return }
                FileHandle.standardError.write(Data("\r\(message)".utf8))
                progressShown = true
            case .synced, .failed, .changed, .retrying:
                if progressShown { FileHandle.standardError.write(Data("\n".utf8)) }
                progressShown = false
                if case .failed(_, let reason) = message { failure = reason }
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .mailbox(failure ?? "\(path) ended with status \(process.terminationStatus)")
        }
    }

    /// Every message kept for a folder, read with `importer`, on every core; what KDE's
    /// extractor says of a message is kept beside it, so that it is asked once.
    func read(_ mailbox: MailboxURL, with importer: ReservationImporter, concurrency: Int = Parallel.defaultConcurrency) -> ImportResult {
        var result = ImportResult()
        let entries = cache.entries(of: mailbox)
        // In batches, so that the results waiting to be joined stay few.
        for batch in Parallel.batches(of: entries.count, size: 512) {
            let results = Parallel.map(Array(entries[batch]), concurrency: concurrency) { entry in
                Self.read(entry, of: mailbox, with: importer)
            }
            for read in results { result.append(read) }
        }
        return result
    }

    /// One cached message.
    private static func read(_ entry: MailCache.Entry, of mailbox: MailboxURL, with importer: ReservationImporter) -> ImportResult {
        let message = MailboxMessage(mailbox: mailbox.description, number: .uid(entry.uid, validity: entry.uidValidity))
        if let size = entry.tooLarge {
            return ImportResult(
                diagnostics: [
                    Diagnostic(
                        .error, .limit, at: Origin(.message(message)),
                        "the message is \(ImportLimits.describe(bytes: size)), more than the limit of \(ImportLimits.describe(bytes: importer.limits.messageSize)) (--limit message-size); not read"
                    )
                ], messages: 1)
        }
        guard let data = FileManager.default.contents(atPath: entry.path) else {
            return ImportResult(
                diagnostics: [Diagnostic(.error, .unreadable, at: Origin(.message(message)), "cannot read the cached copy \(entry.path)")], messages: 1)
        }
        let bytes = [UInt8](data)
        var named = message
        named.messageID = MessageHeader.messageID(in: bytes)
        let base = String(entry.path.dropLast(".eml".count))
        var read = importer.readMessage(
            bytes, source: .message(named), memo: .file(base + ".kitinerary"), authenticationMemo: .file(base + ".authentication"))
        read.messages = 1
        return read
    }
}
