import Basics
import Diagnostics
import Foundation
import Mailboxes
import ReservationImport

/// How IMAP folders among the inputs (`imaps://me@mail.example.com/INBOX`) are read.
///
/// Each folder's local cache (`MailCache`: each message downloaded once) is brought up to date
/// by ``syncer`` (the command line's runs `reservation-feed-mail`), then the importer reads the
/// cached messages like e-mails, each named by its folder, UIDVALIDITY and UID (mail is read in
/// one place, `ReservationImport`, for mbox files and IMAP folders alike).
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
}
