import Basics
import Diagnostics
import Foundation
import Mailboxes
import Parallel

/// Mail read from the two kinds of mailbox: an mbox file, streamed, and an IMAP folder's local
/// cache (`MailCache`, filled by the mail program), each message read as an e-mail of its own and
/// named by its mailbox, and a message past `--limit message-size` reported the same way for both.
extension ReservationImporter {
    /// Reads every message of an mbox file, streaming it: memory holds one message at a time,
    /// whatever the file's size, and each message is bounded by `--limit message-size` instead of
    /// the file by `--limit file-size`.
    ///
    /// Each message is read as an e-mail of its own and every message about it names it
    /// (`Takeout.mbox: message 3 <id@example.com>`). A message that is too large, or that the
    /// file ends in the middle of, is reported, never passed over silently.
    func readMbox(path: String, descriptor: Int32) -> ImportResult {
        var result = ImportResult()
        let reader = MboxReader(messageLimit: limits.messageSize)
        do {
            try reader.read(descriptor: descriptor) { message in
                result.append(read(message, mailbox: path))
            }
        } catch {
            result.diagnostics.append(
                Diagnostic(
                    .error, .unreadable, at: Origin(file: path),
                    "cannot read the mailbox after its message \(error.messagesRead): \(error.reason); the messages after it are not read"))
        }
        return result
    }

    /// Reads the messages of an mbox already in memory (one from standard input).
    func readMbox(_ bytes: [UInt8], mailbox: String) -> ImportResult {
        var result = ImportResult()
        MboxReader(messageLimit: limits.messageSize).read(bytes) { message in
            result.append(read(message, mailbox: mailbox))
        }
        return result
    }

    /// One message of an mbox, read as an e-mail.
    private func read(_ message: MboxMessage, mailbox: String) -> ImportResult {
        let source = Origin.Source.message(MailboxMessage(mailbox: mailbox, number: .ordinal(message.ordinal), messageID: message.messageID))
        guard let bytes = message.bytes else { return tooLarge(source, size: message.size, line: message.line) }
        var result = readMessage(bytes, source: source)
        result.messages = 1
        return result
    }

    /// Every message kept in an IMAP folder's cache, on every core; what KDE's extractor says of a
    /// message is kept beside it, so that it is asked once. Every message ever seen is read, also
    /// those since deleted or moved on the server, so that cleaning an inbox never cancels a
    /// booking; a later message that cancels it does.
    ///
    /// A message that stopped an earlier run while it was read is set aside (`MessageQuarantine`):
    /// reported once, then skipped until its copy changes.
    package func readFolder(_ mailbox: MailboxURL, in cache: MailCache, concurrency: Int = Parallel.defaultConcurrency) -> ImportResult {
        var result = ImportResult()
        let all = cache.entries(of: mailbox)
        let quarantine = MessageQuarantine(directory: cache.directory(of: mailbox), mailbox: mailbox)
        let findings = quarantine.inspect(all)
        result.diagnostics += findings.reports
        // Those set aside count as read: they are the folder's, and said once.
        result.messages += all.filter { findings.setAside[MessageQuarantine.Name($0)] != nil }.count
        let entries = all.filter { findings.setAside[MessageQuarantine.Name($0)] == nil }
        // Those a stopped run was reading: one at a time, so that the one that stops a run is known.
        let suspects = entries.filter { findings.suspects.contains(MessageQuarantine.Name($0)) }
        for entry in suspects {
            result.append(quarantine.reading([MessageQuarantine.Name(entry)], alone: true) { read(entry, of: mailbox) })
        }
        let others = suspects.isEmpty ? entries : entries.filter { !findings.suspects.contains(MessageQuarantine.Name($0)) }
        // In batches, so that the results waiting to be joined stay few.
        for batch in Parallel.batches(of: others.count, size: MessageQuarantine.batchSize) {
            let batchEntries = Array(others[batch])
            let results = quarantine.reading(batchEntries.map(MessageQuarantine.Name.init), alone: false) {
                Parallel.map(batchEntries, concurrency: concurrency) { entry in read(entry, of: mailbox) }
            }
            for read in results { result.append(read) }
        }
        return result
    }

    /// One cached message of an IMAP folder, read as an e-mail.
    private func read(_ entry: MailCache.Entry, of mailbox: MailboxURL) -> ImportResult {
        let message = MailboxMessage(mailbox: mailbox.description, number: .uid(entry.uid, validity: entry.uidValidity))
        if let size = entry.tooLarge { return tooLarge(.message(message), size: size, line: nil) }
        guard let data = FileManager.default.contents(atPath: entry.path) else {
            return ImportResult(
                diagnostics: [Diagnostic(.error, .unreadable, at: Origin(.message(message)), "cannot read the cached copy \(entry.path)")], messages: 1)
        }
        let bytes = [UInt8](data)
        var named = message
        named.messageID = MessageHeader.messageID(in: bytes)
        let base = String(entry.path.dropLast(".eml".count))
        var read = readMessage(bytes, source: .message(named), memo: .file(base + ".kitinerary"), authenticationMemo: .file(base + ".authentication"))
        read.messages = 1
        return read
    }

    /// A message past `--limit message-size`, not read: in an mbox, at its line.
    private func tooLarge(_ source: Origin.Source, size: Int, line: Int?) -> ImportResult {
        let which: DiagnosticMessage = line.map { "the message (line \($0))" } ?? "the message"
        return ImportResult(
            diagnostics: [
                Diagnostic(
                    .error, .limit, at: Origin(source),
                    "\(which) is \(bytes: size), more than the limit of \(bytes: limits.messageSize) (\(setting: .limit("message-size"))); not read")
            ], messages: 1)
    }
}
