import Basics
import Diagnostics
import Mailboxes

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
        guard let bytes = message.bytes else {
            return ImportResult(
                diagnostics: [
                    Diagnostic(
                        .error, .limit, at: Origin(source),
                        "the message (line \(message.line)) is \(bytes: message.size), more than the limit of \(bytes: limits.messageSize) (\(setting: .limit("message-size"))); not read"
                    )
                ], messages: 1)
        }
        var result = readMessage(bytes, source: source)
        result.messages = 1
        return result
    }
}
