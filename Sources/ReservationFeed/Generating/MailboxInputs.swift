import Diagnostics
import Foundation
import Mailboxes
import ReservationImport

/// How IMAP folders among the inputs (`imaps://me@mail.example.com/INBOX`) are read.
///
/// The program `reservation-feed-mail`, installed beside this one, brings each folder's local
/// cache up to date (``MailCache``: each message downloaded once), then the cached messages are
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
    /// run, printing `changed<TAB>URL` after each change (`reservation-feed-mail watch`).
    public func watchCommand(for mailboxes: [String]) -> (program: String, arguments: [String]) {
        var arguments = ["watch", "--cache", cache.root]
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
        var arguments = ["sync", "--cache", cache.root, "--message-size", "\(messageLimit)"]
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        if !showsProgress { arguments.append("--quiet") }
        process.arguments = arguments + mailboxes.map(\.description)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .mailbox("cannot start \(path): \(error.localizedDescription)")
        }
        // Progress lines pass through to this program's terminal; the last error line is kept.
        var lastError = ""
        let handle = errors.fileHandleForReading
        while true {
            let data = handle.availableData
            if data.isEmpty { break }
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("error: ") {
                lastError = String(line.dropFirst("error: ".count))
            }
            let progress = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("error: ") }.joined(separator: "\n")
            if showsProgress, !progress.isEmpty { FileHandle.standardError.write(Data(progress.utf8)) }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = lastError.isEmpty ? "\(path) ended with status \(process.terminationStatus)" : lastError
            throw .mailbox(reason.hasSuffix("; nothing was written") ? String(reason.dropLast("; nothing was written".count)) : reason)
        }
    }

    /// Every message kept for a folder, read with `importer`.
    func read(_ mailbox: MailboxURL, with importer: ReservationImporter) -> ImportResult {
        var result = ImportResult()
        for entry in cache.entries(of: mailbox) {
            let message = MailboxMessage(mailbox: mailbox.description, number: .uid(entry.uid, validity: entry.uidValidity))
            if let size = entry.tooLarge {
                result.messages += 1
                result.diagnostics.append(
                    Diagnostic(
                        .error, .limit, at: Origin(.message(message)),
                        "the message is \(ImportLimits.describe(bytes: size)), more than the limit of \(ImportLimits.describe(bytes: importer.limits.messageSize)) (--limit message-size); not read"
                    ))
                continue
            }
            guard let data = FileManager.default.contents(atPath: entry.path) else {
                result.messages += 1
                result.diagnostics.append(Diagnostic(.error, .unreadable, at: Origin(.message(message)), "cannot read the cached copy \(entry.path)"))
                continue
            }
            let bytes = [UInt8](data)
            var named = message
            named.messageID = MessageHeader.messageID(in: bytes)
            var read = importer.readMessage(bytes, source: .message(named))
            read.messages = 1
            result.append(read)
        }
        return result
    }
}
