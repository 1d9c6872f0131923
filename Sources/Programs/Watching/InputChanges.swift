import AsyncAlgorithms
import Foundation
import Mailboxes

/// The changes of a run's inputs as they happen, as one `AsyncSequence`: files and folders
/// (``InputWatcher``: inotify, and a rescan as a safety net) and IMAP folders (``MailboxWatcher``:
/// the mail program's IDLE or polling), merged. `serve` regenerates on each; `publish
/// --follow` publishes again.
///
/// Watching starts when the value is made and ends with ``stop()``, which also ends the
/// sequence, or when the value is no longer used.
final class InputChanges: AsyncSequence, Sendable {
    /// One change.
    enum Change: Sendable, Hashable, CustomStringConvertible {
        /// A file or folder among the inputs changed (a few words on what: its path).
        case file(String)
        /// New mail arrived in an IMAP folder (its URL).
        case mailbox(String)

        /// What changed: a path or a folder's URL.
        var description: String {
            switch self {
            case .file(let what), .mailbox(let what): what
            }
        }
    }

    typealias Element = Change

    private let files: AsyncStream<Change>
    private let mail: AsyncStream<Change>
    private let fileWatcher: InputWatcher?
    private let mailWatcher: MailboxWatcher?
    private let ends: [AsyncStream<Change>.Continuation]

    /// Starts watching `inputs`: files and folders, and `imap://`/`imaps://` folders through
    /// `mailProgram`.
    ///
    /// - Parameters:
    ///   - ignoring: Paths whose changes do not count (the feed, its secret, a state file).
    ///   - rescanInterval: How often files and folders are compared whole.
    ///   - mailProgram: The program that watches IMAP folders, with the cache it keeps up to date.
    ///   - onNotice: What a person should read: a folder that cannot be reached.
    ///   - alreadySaid: Whether the run has said that reason already (``MailboxWatcher``).
    /// - Throws: When the mail program cannot be started.
    init(
        inputs: [String], ignoring: [String] = [], rescanInterval: TimeInterval = 30,
        mailProgram: (program: MailProgram, cache: MailCache)? = nil, onNotice: @escaping @Sendable (String) -> Void = { _ in },
        alreadySaid: @escaping @Sendable (String) -> Bool = { _ in false }
    ) throws {
        let paths = inputs.filter { $0 != "-" && !MailboxURL.looksLikeMailbox($0) }
        let folders = inputs.filter(MailboxURL.looksLikeMailbox)
        let (files, fileChanges) = AsyncStream.makeStream(of: Change.self)
        let (mail, mailChanges) = AsyncStream.makeStream(of: Change.self)
        self.files = files
        self.mail = mail
        ends = [fileChanges, mailChanges]
        if paths.isEmpty {
            fileWatcher = nil
            fileChanges.finish()
        } else {
            let watcher = InputWatcher(inputs: paths, ignoring: ignoring) { what in fileChanges.yield(.file(what)) }
            watcher.rescanInterval = rescanInterval
            fileWatcher = watcher
        }
        if let mailProgram, !folders.isEmpty {
            mailWatcher = MailboxWatcher(
                command: mailProgram.program.watchCommand(for: folders, cache: mailProgram.cache), tokens: mailProgram.program.tokens, onNotice: onNotice,
                alreadySaid: alreadySaid
            ) { folder in mailChanges.yield(.mailbox(folder)) }
        } else {
            mailWatcher = nil
            mailChanges.finish()
        }
        fileWatcher?.start()
        do {
            try mailWatcher?.start()
        } catch {
            fileWatcher?.stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops watching and ends the sequence; changes not yet taken are still told.
    func stop() {
        fileWatcher?.stop()
        mailWatcher?.stop()
        for end in ends { end.finish() }
    }

    func makeAsyncIterator() -> AsyncMerge2Sequence<AsyncStream<Change>, AsyncStream<Change>>.AsyncIterator {
        merge(files, mail).makeAsyncIterator()
    }
}
