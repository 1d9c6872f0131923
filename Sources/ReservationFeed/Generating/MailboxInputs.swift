import Basics
import Diagnostics
import Foundation
import Mailboxes
import Parallel
import ReservationImport

/// How IMAP folders among the inputs (`imaps://me@mail.example.com/INBOX`) are read.
///
/// Each folder's local cache (`MailCache`: each message downloaded once) is brought up to date
/// by ``syncer`` (the command line's runs `reservation-feed-mail`), then the cached messages are
/// read like e-mails, each named by its folder, UIDVALIDITY and UID. Every message ever seen is
/// read, also those since deleted or moved on the server, so that cleaning an inbox never
/// cancels a booking; a later message that cancels it does.
public struct MailboxInputs: Sendable {
    /// Where messages are kept.
    public var cache: MailCache
    /// What brings the cache up to date before it is read; `nil` reads it as it is.
    public var syncer: (any MailboxSyncing)?

    /// Creates the settings.
    public init(cache: MailCache = MailCache.standard(environment: ProcessInfo.processInfo.environment), syncer: (any MailboxSyncing)? = nil) {
        self.cache = cache
        self.syncer = syncer
    }

    /// Brings the folders' caches up to date.
    ///
    /// - Throws: ``FeedError/mailbox(_:)`` when a folder cannot be read (the server away, the
    ///   login refused): nothing should be written then.
    func sync(_ mailboxes: [MailboxURL], messageLimit: Int) throws(FeedError) {
        guard !mailboxes.isEmpty, let syncer else { return }
        do {
            try syncer.sync(mailboxes, into: cache, messageLimit: messageLimit)
        } catch {
            throw .mailbox(error)
        }
    }

    /// Every message kept for a folder, read with `importer`, on every core; what KDE's
    /// extractor says of a message is kept beside it, so that it is asked once.
    ///
    /// A message that stopped an earlier run while it was read is set aside (`MessageQuarantine`):
    /// reported once, then skipped until its copy changes.
    func read(_ mailbox: MailboxURL, with importer: ReservationImporter, concurrency: Int = Parallel.defaultConcurrency) -> ImportResult {
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
            result.append(quarantine.reading([MessageQuarantine.Name(entry)], alone: true) { Self.read(entry, of: mailbox, with: importer) })
        }
        let others = suspects.isEmpty ? entries : entries.filter { !findings.suspects.contains(MessageQuarantine.Name($0)) }
        // In batches, so that the results waiting to be joined stay few.
        for batch in Parallel.batches(of: others.count, size: 512) {
            let batchEntries = Array(others[batch])
            let results = quarantine.reading(batchEntries.map(MessageQuarantine.Name.init), alone: false) {
                Parallel.map(batchEntries, concurrency: concurrency) { entry in
                    Self.read(entry, of: mailbox, with: importer)
                }
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
                        "the message is \(bytes: size), more than the limit of \(bytes: importer.limits.messageSize) (\(setting: .limit("message-size"))); not read"
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
