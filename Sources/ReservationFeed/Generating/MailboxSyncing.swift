import Mailboxes

/// What brings the local copies of IMAP folders (a `MailCache`) up to date before they are read.
///
/// The library speaks no IMAP and runs no program: the command line gives ``MailboxInputs``
/// one that runs `reservation-feed-mail sync`; without one, a folder's cache is read as it is.
public protocol MailboxSyncing: Sendable {
    /// Brings the folders' copies in `cache` up to date.
    ///
    /// - Parameters:
    ///   - mailboxes: The folders.
    ///   - cache: Where their messages are kept.
    ///   - messageLimit: Messages larger than this many bytes are noted, not downloaded.
    /// - Throws: Why a folder cannot be read (the server away, the login refused), in words for
    ///   the person; nothing should be written then.
    func sync(_ mailboxes: [MailboxURL], into cache: MailCache, messageLimit: Int) throws(MailboxSyncError)
}
