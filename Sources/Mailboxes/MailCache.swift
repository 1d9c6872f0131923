import Basics

/// Where the messages of IMAP folders are kept between runs: each message downloaded once, by
/// the folder's UIDVALIDITY and the message's UID.
///
/// ```
/// $XDG_CACHE_HOME/reservation-feed/mail/      (~/.cache/reservation-feed/mail/ by default)
///   imaps/me@mail.example.com:993/INBOX/
///     state                                   "UIDVALIDITY UIDNEXT KEPT", what the last run saw
///     1795472066/20.eml                       message UID 20 of that UIDVALIDITY
///     1795472066/20.kitinerary                what KDE's extractor said of it
///     1795472066/20.authentication            its sender's signatures, as found when it was read
///     1795472066/21.too-large                 a message past --limit message-size: its size
/// ```
///
/// A message that leaves the server (deleted, archived, moved) stays here, so that the booking
/// it made stays in the feed until a later message changes or cancels it. When the folder's
/// UIDVALIDITY changes, the messages already here are moved under the new one by their
/// Message-ID rather than downloaded again. Folders are made readable by their owner only
/// (mode 0700): they hold mail. Deleting a folder's directory makes the next run download the
/// folder again; deleting `mail/` clears every folder.
public struct MailCache: Sendable {
    /// The top folder (`…/reservation-feed/mail`).
    public var root: String

    /// Creates a cache at `root`.
    public init(root: String) {
        self.root = root
    }

    /// The cache where the XDG Base Directory specification puts it: `$XDG_CACHE_HOME`, or
    /// `~/.cache`, then `reservation-feed/mail`.
    public static func standard(environment: [String: String]) -> MailCache {
        MailCache(root: cacheFolder(environment: environment) + "/mail")
    }

    /// This program's folder in the XDG cache: `$XDG_CACHE_HOME/reservation-feed` (an absolute
    /// path only, as the specification asks), else `~/.cache/reservation-feed`, the home folder
    /// being `HOME` or the system's record of the user. Never a shared folder such as `/tmp`,
    /// where another user could make the folders first: with no home at all it is
    /// `/nonexistent/.cache/reservation-feed` (Debian's home for users without one), which
    /// cannot be made, and a run that needs it says so.
    public static func cacheFolder(environment: [String: String]) -> String {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/reservation-feed" }
        return (PrivateFolder.home(environment: environment) ?? "/nonexistent") + "/.cache/reservation-feed"
    }

    /// The directory of one folder.
    public func directory(of mailbox: MailboxURL) -> String {
        let account = MailboxURL.percentEncoded(mailbox.user) + "@" + MailboxURL.percentEncoded(mailbox.host) + ":\(mailbox.port)"
        return "\(root)/\(mailbox.security.rawValue)/\(account)/\(MailboxURL.percentEncoded(mailbox.folder))"
    }

    /// What the last run saw of a folder.
    public struct State: Sendable, Hashable {
        /// The folder's UIDVALIDITY.
        public var uidValidity: UInt32
        /// The UID the next new message will have: every message below it has been looked at.
        public var uidNext: UInt32
        /// How many messages of this UIDVALIDITY the cache holds: fewer files than this means
        /// some were lost (a crash before they reached the disk, a hand that deleted them), and
        /// the next run fetches them again.
        public var kept: Int

        /// Creates a state.
        public init(uidValidity: UInt32, uidNext: UInt32, kept: Int = 0) {
            self.uidValidity = uidValidity
            self.uidNext = uidNext
            self.kept = kept
        }
    }

    /// A message kept in the cache.
    public struct Entry: Sendable, Hashable {
        /// The UIDVALIDITY it was downloaded under.
        public var uidValidity: UInt32
        /// Its UID.
        public var uid: UInt32
        /// Its file.
        public var path: String
        /// For a message that was not downloaded because it is past the size limit: its size.
        public var tooLarge: Int?
    }

    /// What the last run saw of a folder, or `nil` when it was never read.
    public func state(of mailbox: MailboxURL) -> State? {
        guard let text = Self.contents(of: directory(of: mailbox) + "/state") else { return nil }
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { UInt32($0) }
        guard numbers.count == 2 || numbers.count == 3 else { return nil }
        return State(uidValidity: numbers[0], uidNext: numbers[1], kept: numbers.count == 3 ? Int(numbers[2]) : 0)
    }

    /// Every message kept for a folder, oldest UIDVALIDITY first, then by UID.
    public func entries(of mailbox: MailboxURL) -> [Entry] {
        let folder = directory(of: mailbox)
        var entries: [Entry] = []
        for generation in Self.names(in: folder).compactMap(UInt32.init).sorted() {
            let directory = "\(folder)/\(generation)"
            for name in Self.names(in: directory) {
                let parts = name.split(separator: ".", maxSplits: 1)
                guard parts.count == 2, let uid = UInt32(parts[0]) else { continue }
                let path = "\(directory)/\(name)"
                switch parts[1] {
                case "eml": entries.append(Entry(uidValidity: generation, uid: uid, path: path))
                case "too-large":
                    let size = Self.contents(of: path).flatMap { Int($0.trimmingWhitespace()) } ?? 0
                    entries.append(Entry(uidValidity: generation, uid: uid, path: path, tooLarge: size))
                default: continue
                }
            }
        }
        return entries.sorted { ($0.uidValidity, $0.uid) < ($1.uidValidity, $1.uid) }
    }

    /// The UIDs of the messages kept under one UIDVALIDITY (downloaded, or noted as too large).
    public func keptUIDs(of mailbox: MailboxURL, uidValidity: UInt32) -> Set<UInt32> {
        Set(
            Self.names(in: "\(directory(of: mailbox))/\(uidValidity)").compactMap { name -> UInt32? in
                let parts = name.split(separator: ".", maxSplits: 1)
                guard parts.count == 2, parts[1] == "eml" || parts[1] == "too-large" else { return nil }
                return UInt32(parts[0])
            })
    }

    /// The names in a directory, or none when it does not exist; those starting with `.` only
    /// when `hidden`.
    static func names(in directory: String, hidden: Bool = false) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != "..", hidden || !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    // MARK: - Writing

    /// Why the cache could not be written: the path and the system's reason.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What failed, for messages.
        public var description: String
    }

    /// Keeps a downloaded message, replacing the file whole (never half-written). It is not
    /// flushed to disk one by one (a flush per message costs more than the download: docs/performance.md, "mailboxes"): a message
    /// a crash loses is found missing by the count in ``State/kept`` and fetched again.
    public func store(_ bytes: [UInt8], uid: UInt32, uidValidity: UInt32, of mailbox: MailboxURL) throws(WriteError) {
        try write(bytes, to: "\(try generation(uidValidity, of: mailbox))/\(uid).eml", flushing: false)
    }

    /// Notes a message that was not downloaded because it is past the size limit, so that every
    /// run reports it.
    public func storeTooLarge(size: Int, uid: UInt32, uidValidity: UInt32, of mailbox: MailboxURL) throws(WriteError) {
        try write(Array("\(size)\n".utf8), to: "\(try generation(uidValidity, of: mailbox))/\(uid).too-large")
    }

    /// Removes what runs killed while writing left behind (`.partial-…` files), under the lock.
    public func removePartialFiles(of mailbox: MailboxURL) {
        let folder = directory(of: mailbox)
        for generation in Self.names(in: folder) where UInt32(generation) != nil {
            let directory = "\(folder)/\(generation)"
            for name in Self.names(in: directory, hidden: true) where name.hasPrefix(".partial-") { unlink("\(directory)/\(name)") }
        }
    }

    /// Removes what readers kept beside messages that are no longer kept (KDE's extractor's
    /// answers, senders' signatures, and their half-written files), under the lock: a message
    /// deleted from the cache by hand takes what was found of it along, at the next sync.
    ///
    /// - Returns: How many files were removed.
    @discardableResult
    public func removeOrphanedMemos(of mailbox: MailboxURL) -> Int {
        let folder = directory(of: mailbox)
        var removed = 0
        for generation in Self.names(in: folder) where UInt32(generation) != nil {
            let directory = "\(folder)/\(generation)"
            let names = Self.names(in: directory)
            var kept = Set<Substring>()
            var memos: [(uid: Substring, name: String)] = []
            for name in names {
                let parts = name.split(separator: ".", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if parts[1] == "eml" || parts[1] == "too-large" {
                    kept.insert(parts[0])
                } else if Self.memoSuffixes.contains(where: { parts[1] == $0 || parts[1] == "\($0).partial" }) {
                    memos.append((parts[0], name))
                }
            }
            for memo in memos where !kept.contains(memo.uid) {
                if unlink("\(directory)/\(memo.name)") == 0 { removed += 1 }
            }
        }
        return removed
    }

    /// Moves a kept message under a new UIDVALIDITY and UID (the folder was renumbered and the
    /// message is still there), with what was found of it beside it (KDE's extractor's answer,
    /// its sender's signatures), which stays true of the same message.
    public func move(_ entry: Entry, toUID uid: UInt32, uidValidity: UInt32, of mailbox: MailboxURL) throws(WriteError) {
        let suffix = entry.tooLarge == nil ? "eml" : "too-large"
        let directory = try generation(uidValidity, of: mailbox)
        let target = "\(directory)/\(uid).\(suffix)"
        guard rename(entry.path, target) == 0 else { throw Self.failure(target) }
        let base = String(entry.path.dropLast(suffix.count + 1))
        for memo in Self.memoSuffixes where access("\(base).\(memo)", F_OK) == 0 {
            rename("\(base).\(memo)", "\(directory)/\(uid).\(memo)")
        }
    }

    /// What readers keep beside a message: KDE's extractor's answer, and its sender's signatures.
    static let memoSuffixes = ["kitinerary", "authentication"]

    /// Holds the folder's cache for one writer at a time (`flock` on its `lock` file): a run of
    /// `generate` and the watch of `serve` may sync the same folder at once, and the second then
    /// finds what the first downloaded. The lock goes when `body` returns.
    public func whileLocked<Result>(_ mailbox: MailboxURL, _ body: () throws -> Result) throws -> Result {
        let folder = directory(of: mailbox)
        try makeDirectories(folder)
        let descriptor = open(folder + "/lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(folder + "/lock") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Self.failure(folder + "/lock") }
        }
        return try body()
    }

    /// Records what this run saw, after the messages it downloaded are kept.
    public func save(_ state: State, of mailbox: MailboxURL) throws(WriteError) {
        let folder = directory(of: mailbox)
        try makeDirectories(folder)
        try write(Array("\(state.uidValidity) \(state.uidNext) \(state.kept)\n".utf8), to: folder + "/state")
    }

    /// The directory of one UIDVALIDITY, made when it is not there yet.
    private func generation(_ uidValidity: UInt32, of mailbox: MailboxURL) throws(WriteError) -> String {
        let path = "\(directory(of: mailbox))/\(uidValidity)"
        if access(path, F_OK) != 0 { try makeDirectories(path) }
        return path
    }

    /// Writes a file through a temporary one beside it and a rename, readable by its owner only;
    /// `flushing` waits until its bytes are on disk before the rename.
    private func write(_ bytes: [UInt8], to path: String, flushing: Bool = true) throws(WriteError) {
        let slash = path.lastIndex(of: "/")!
        let temporary = String(path[..<slash]) + "/.partial-" + String(path[path.index(after: slash)...])
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Basics.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = Self.failure(temporary)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard !flushing || fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, path) == 0 else {
            let error = Self.failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Makes a directory and those above it, the new ones readable by their owner only; those
    /// from the cache's root down must be the running user's and writable by nobody else
    /// (``Basics/PrivateFolder``).
    private func makeDirectories(_ path: String) throws(WriteError) {
        do {
            try PrivateFolder.make(path, base: root)
        } catch {
            throw WriteError(description: error.description)
        }
    }

    private static func failure(_ path: String) -> WriteError {
        WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
    }

    /// The text of a small file, or `nil` when it cannot be read.
    static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
