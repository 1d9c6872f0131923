import Basics
import Mailboxes

/// One folder kept in step for as long as it runs: synced, then watched with IDLE where the
/// server offers it (a new message is seen at once) and by re-examining it every
/// `pollInterval` seconds where it does not. A broken connection or an absent server is tried
/// again with growing waits, from 1 second up to 5 minutes; a refused login or an untrusted
/// certificate every 5 minutes.
public struct IMAPFolderWatch: Sendable {
    /// How the cache is brought up to date.
    public var sync: IMAPFolderSync
    /// The folder.
    public var mailbox: MailboxURL
    /// How it signs in: a password, or access tokens asked for at each connection.
    public var credential: IMAPCredential
    /// Seconds between checks of a server without IDLE.
    public var pollInterval: Int

    /// Creates a watch.
    public init(sync: IMAPFolderSync, mailbox: MailboxURL, credential: IMAPCredential, pollInterval: Int = 5) {
        self.sync = sync
        self.mailbox = mailbox
        self.credential = credential
        self.pollInterval = pollInterval
    }

    /// Creates a watch that signs in with a password.
    public init(sync: IMAPFolderSync, mailbox: MailboxURL, password: String, pollInterval: Int = 5) {
        self.init(sync: sync, mailbox: mailbox, credential: .password(password), pollInterval: pollInterval)
    }

    /// Runs until the process ends: `changed` after every sync that brought something (and
    /// after the first), `failed` with each error and the wait before the next try.
    public func run(changed: () -> Void, failed: (IMAPError, Int) -> Void) -> Never {
        var wait = 1
        var first = true
        while true {
            do {
                let session = try IMAPSession(mailbox, credential: credential, timeout: sync.timeout, trustFile: sync.trustFile, literalLimit: sync.messageLimit)
                defer { session.logout() }
                wait = 1
                while true {
                    let outcome = try sync.sync(session, progress: { _, _ in })
                    if outcome.changed || first { changed() }
                    first = false
                    if session.hasIdle {
                        // RFC 2177: IDLE is renewed well within the server's 30-minute limit.
                        _ = try session.idle(seconds: 20 * 60)
                    } else {
                        sleep(UInt32(max(1, pollInterval)))
                    }
                }
            } catch {
                // A refused login or an untrusted certificate waits for a person: asking again
                // at once would only get the account locked.
                if !error.isTransient { wait = 300 }
                failed(error, wait)
                sleep(UInt32(wait))
                wait = min(wait * 2, 300)
            }
        }
    }
}
