import Basics
import Mailboxes

/// Keeps an IMAP folder's local cache in step with the server: each new message downloaded
/// once, in UID order, written whole before the state that says it is there.
///
/// A run with nothing new costs one round of commands (login, EXAMINE, logout) and downloads
/// no message. A folder whose UIDVALIDITY changed is listed with its Message-IDs, and the
/// messages already kept move under their new UIDs instead of being downloaded again. Messages
/// that left the server stay in the cache (``MailCache``).
public struct IMAPFolderSync: Sendable {
    /// Where messages are kept.
    public var cache: MailCache
    /// The largest message downloaded, in bytes; larger ones are noted in the cache and reported.
    public var messageLimit: Int
    /// Seconds any one network operation may take.
    public var timeout: Int
    /// A PEM file of certificates to trust besides the system's (`SSL_CERT_FILE`).
    public var trustFile: String?

    /// What a sync did.
    public struct Outcome: Sendable, Equatable {
        /// Messages downloaded.
        public var downloaded: Int
        /// Messages kept from before under a new UIDVALIDITY.
        public var renumbered: Int
        /// Messages past the size limit, noted without their bytes.
        public var tooLarge: Int
        /// Whether the folder had anything new.
        public var changed: Bool { downloaded + renumbered + tooLarge > 0 }
    }

    /// Creates a sync.
    public init(cache: MailCache, messageLimit: Int = 64 << 20, timeout: Int = 60, trustFile: String? = nil) {
        self.cache = cache
        self.messageLimit = messageLimit
        self.timeout = timeout
        self.trustFile = trustFile
    }

    /// Brings the cache of one folder up to date.
    ///
    /// - Parameter progress: Called after each batch with the messages done and to do.
    public func sync(_ mailbox: MailboxURL, password: String, progress: (Int, Int) -> Void = { _, _ in }) throws(IMAPError) -> Outcome {
        try sync(mailbox, credential: .password(password), progress: progress)
    }

    /// Brings the cache of `mailbox` up to date, signing in with `credential`, as
    /// ``sync(_:password:progress:)`` does.
    public func sync(_ mailbox: MailboxURL, credential: IMAPCredential, progress: (Int, Int) -> Void = { _, _ in }) throws(IMAPError) -> Outcome {
        let session = try IMAPSession(mailbox, credential: credential, timeout: timeout, trustFile: trustFile, literalLimit: messageLimit)
        defer { session.logout() }
        return try sync(session, progress: progress)
    }

    /// Brings the cache of one folder up to date over a connection already made: `descriptor`
    /// is a connected stream socket, which the sync takes over and closes. No TLS is spoken on
    /// it, and the folder's own host and port are not used: the connection is the caller's to
    /// secure (an SSH tunnel, a socket on this machine, a recorded server in a test or a fuzzer).
    public func sync(
        _ mailbox: MailboxURL, password: String, over descriptor: Int32, progress: (Int, Int) -> Void = { _, _ in }
    ) throws(IMAPError) -> Outcome {
        let session = try IMAPSession(mailbox, credential: .password(password), over: descriptor, timeout: timeout, literalLimit: messageLimit)
        defer { session.logout() }
        return try sync(session, progress: progress)
    }

    /// Brings the cache up to date over a session that is logged in, holding the folder's cache
    /// for itself meanwhile.
    func sync(_ session: IMAPSession, progress: (Int, Int) -> Void) throws(IMAPError) -> Outcome {
        do {
            return try cache.whileLocked(session.mailbox) { try unlockedSync(session, progress: progress) }
        } catch let error as IMAPError {
            throw error
        } catch {
            throw IMAPError(.cache, session.mailbox, "\(error)")
        }
    }

    private func unlockedSync(_ session: IMAPSession, progress: (Int, Int) -> Void) throws(IMAPError) -> Outcome {
        let mailbox = session.mailbox
        cache.removePartialFiles(of: mailbox)
        cache.removeOrphanedMemos(of: mailbox)
        let selection = try session.examine()
        let previous = cache.state(of: mailbox)
        var outcome = Outcome(downloaded: 0, renumbered: 0, tooLarge: 0)
        let sameGeneration = previous?.uidValidity == selection.uidValidity
        // Fewer files than the state counts: some were lost, and this run fetches them again.
        let kept = sameGeneration ? cache.keptUIDs(of: mailbox, uidValidity: selection.uidValidity) : []
        let intact = !sameGeneration || kept.count >= previous!.kept
        if sameGeneration, intact, selection.uidNext != 0, previous!.uidNext >= selection.uidNext {
            return outcome  // nothing new: no listing, no download
        }
        let first: UInt32 = sameGeneration && intact ? previous!.uidNext : 1
        var summaries = try session.summaries(from: first, fingerprints: !sameGeneration && previous != nil)
        if !intact { summaries.removeAll { kept.contains($0.uid) } }
        var keptCount = kept.count

        // A renumbered folder: messages already kept move to their new UIDs.
        if !sameGeneration, previous != nil {
            var kept: [String: MailCache.Entry] = [:]
            for entry in cache.entries(of: mailbox) where entry.uidValidity != selection.uidValidity {
                if let id = fingerprint(of: entry) { kept[id] = entry }
            }
            var remaining: [IMAPSession.Summary] = []
            for summary in summaries {
                guard let id = summary.fingerprint, let entry = kept.removeValue(forKey: id) else {
                    remaining.append(summary)
                    continue
                }
                do {
                    try cache.move(entry, toUID: summary.uid, uidValidity: selection.uidValidity, of: mailbox)
                } catch {
                    throw IMAPError(.cache, mailbox, error.description)
                }
                outcome.renumbered += 1
                keptCount += 1
            }
            summaries = remaining
        }

        var done = 0
        var highest = first == 0 ? 0 : first - 1
        var batch: [UInt32] = []
        var batchBytes = 0
        func flush() throws(IMAPError) {
            guard !batch.isEmpty else { return }
            // A message expunged since the listing is not sent: it is gone, and not counted.
            var stored = 0
            try session.fetch(batch) { (uid, bytes) throws(IMAPError) in
                stored += 1
                do {
                    try cache.store(Array(bytes), uid: uid, uidValidity: selection.uidValidity, of: mailbox)
                } catch {
                    throw IMAPError(.cache, mailbox, "\(error)")
                }
            }
            outcome.downloaded += stored
            keptCount += stored
            done += batch.count
            highest = max(highest, batch.max()!)
            batch.removeAll()
            batchBytes = 0
            // What is kept is recorded as it goes, so that an interrupted first run resumes.
            try save(MailCache.State(uidValidity: selection.uidValidity, uidNext: max(highest + 1, previous.map { sameGeneration ? $0.uidNext : 0 } ?? 0), kept: keptCount), mailbox)
            progress(done, summaries.count)
        }
        for summary in summaries {
            if summary.size > messageLimit {
                do {
                    try cache.storeTooLarge(size: summary.size, uid: summary.uid, uidValidity: selection.uidValidity, of: mailbox)
                } catch {
                    throw IMAPError(.cache, mailbox, "\(error)")
                }
                outcome.tooLarge += 1
                keptCount += 1
                done += 1
                continue
            }
            batch.append(summary.uid)
            batchBytes += summary.size
            if batch.count >= 100 || batchBytes >= 16 << 20 { try flush() }
        }
        try flush()
        let next = max(selection.uidNext, (summaries.map(\.uid).max() ?? 0) + 1, highest + 1)
        try save(MailCache.State(uidValidity: selection.uidValidity, uidNext: next, kept: keptCount), mailbox)
        progress(summaries.count, summaries.count)
        return outcome
    }

    private func save(_ state: MailCache.State, _ mailbox: MailboxURL) throws(IMAPError) {
        do {
            try cache.save(state, of: mailbox)
        } catch {
            throw IMAPError(.cache, mailbox, "\(error)")
        }
    }

    /// The fingerprint of a kept message, from its header and size.
    private func fingerprint(of entry: MailCache.Entry) -> String? {
        guard entry.tooLarge == nil, let handle = fopen(entry.path, "r") else { return nil }
        defer { fclose(handle) }
        var head = [UInt8](repeating: 0, count: 65_536)
        let count = fread(&head, 1, head.count, handle)
        var status = stat()
        guard stat(entry.path, &status) == 0 else { return nil }
        return MessageHeader.fingerprint(of: head[..<count], size: Int(status.st_size))
    }
}
