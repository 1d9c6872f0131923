import Basics

/// Where what KDE's extractor said about one document is kept, so that it is asked once: the
/// extractor takes time even for a message it finds nothing in, and a mailbox is read again at
/// every run (docs/performance.md, "mailboxes").
///
/// The answer is kept with the extractor's signature (its path, size and modification time), so
/// that an upgraded extractor reads the document again. `MailboxInputs` (of ReservationFeed) keeps one beside each
/// cached message of an IMAP folder.
public struct ExtractionMemo: Sendable {
    /// The answer kept for this signature, if any.
    public var load: @Sendable (_ signature: String) -> [UInt8]?
    /// Keeps an answer under a signature.
    public var save: @Sendable (_ signature: String, _ answer: [UInt8]) -> Void

    /// Creates a memo from its two operations.
    public init(load: @escaping @Sendable (String) -> [UInt8]?, save: @escaping @Sendable (String, [UInt8]) -> Void) {
        self.load = load
        self.save = save
    }

    /// A memo in one file: the signature on the first line, then the answer.
    ///
    /// - Parameters:
    ///   - makingFolder: Whether the file's folder is made (readable by its owner only) when it
    ///     is missing.
    ///   - markingUse: Whether an answer used again has its file's modification time set to now,
    ///     so that ``prune(_:unusedForDays:now:)`` keeps what runs still use.
    public static func file(_ path: String, makingFolder: Bool = false, markingUse: Bool = false) -> ExtractionMemo {
        ExtractionMemo(
            load: { signature in
                guard let handle = fopen(path, "r") else { return nil }
                defer { fclose(handle) }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, handle)
                    if count == 0 { break }
                    bytes += buffer[..<count]
                }
                guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
                    String(decoding: bytes[..<newline], as: UTF8.self) == signature
                else { return nil }
                if markingUse { utimes(path, nil) }
                return Array(bytes[(newline + 1)...])
            },
            save: { signature, answer in
                if makingFolder, let slash = path.lastIndex(of: "/") {
                    var folder = ""
                    for component in path[..<slash].split(separator: "/") {
                        folder += "/" + component
                        mkdir(folder, 0o700)
                    }
                }
                let temporary = path + ".partial"
                // The owner's alone (it says what was in their mail), never through a link.
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { return }
                guard let handle = fdopen(descriptor, "w") else {
                    close(descriptor)
                    return
                }
                let bytes = Array((signature + "\n").utf8) + answer
                let written = fwrite(bytes, 1, bytes.count, handle)
                fclose(handle)
                if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
            })
    }

    /// The signature of an extractor program: its path, size and modification time.
    public static func signature(of executable: String) -> String {
        var status = stat()
        guard stat(executable, &status) == 0 else { return executable }
        return "\(executable) \(status.st_size) \(Self.modified(status))"
    }

    /// Removes from a folder of memos (``ReservationImporter/extractionCache``) every answer no
    /// run has used for `days` days, so that the folder follows what is still read (an mbox
    /// exported again, the files of the inputs) rather than everything ever read. A document
    /// read again after that is given to the extractor again. Looks at most once a day (a stamp
    /// file, `.pruned`, says when it last did), so that runs do not pay for it.
    ///
    /// - Returns: How many answers were removed.
    @discardableResult
    public static func prune(_ folder: String, unusedForDays days: Int = 60, now: Int = Int(time(nil))) -> Int {
        let stamp = folder + "/.pruned"
        var status = stat()
        if stat(stamp, &status) == 0, now - Int(Self.modified(status)) < 86_400 { return 0 }
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        let cutoff = now - days * 86_400
        var removed = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".kitinerary") || name.hasSuffix(".authentication") || name.hasSuffix(".partial") else { continue }
            let path = folder + "/" + name
            guard stat(path, &status) == 0, Int(Self.modified(status)) < cutoff else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        // The stamp says when: made if missing, its time set to now.
        close(open(stamp, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600))
        utimes(stamp, nil)
        return removed
    }

    /// A file's modification time, in seconds since 1970.
    private static func modified(_ status: stat) -> Int {
        #if canImport(Darwin)
            Int(status.st_mtimespec.tv_sec)
        #else
            Int(status.st_mtim.tv_sec)
        #endif
    }
}
