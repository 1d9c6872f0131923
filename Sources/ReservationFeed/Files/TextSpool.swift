import Basics

/// Event texts set aside in a nameless temporary file while a feed is assembled, so that memory
/// holds what orders the events, not each one's text: a large feed's texts stay in the page
/// cache instead (the sizes are in docs/performance.md).
///
/// The file is created in the folder the feed goes to (it is about as large as the feed, and
/// a RAM-backed `/tmp` would defeat the purpose) and unlinked at once, so nothing is left
/// behind whatever happens to the run. Texts are appended in large writes; the system's page
/// cache, not this process, keeps them while the feed is assembled. When the feed is written the
/// spool is mapped into memory whole (the reservations, as large, are let go by then) and the
/// texts are copied from the mapping in feed order: the page cache's own pages, with no read
/// into a buffer of the process's.
///
/// A spool belongs to one thread: the one that assembles the feed.
final class TextSpool {
    private let descriptor: Int32
    /// Where the texts go: for messages.
    let folder: String
    /// Texts not yet written to the file.
    private var pending: [UInt8] = []
    /// The size of the file, not counting `pending`.
    private var written = 0
    /// Everything written, once ``load()`` has mapped it (or, where it cannot be mapped, read
    /// it back into memory).
    private var loaded: UnsafeBufferPointer<UInt8>?
    /// Whether `loaded` is a mapping of the file, to undo, or memory of this process, to free.
    private var loadedIsMapped = false

    /// Mapping flags that map every page at once (all are read, out of order), where there are.
    #if os(Linux)
        private static let populate = MAP_POPULATE
    #else
        private static let populate: Int32 = 0
    #endif

    /// Texts are written in pieces of at least this many bytes.
    private static let pieceSize = 1 << 20

    /// Creates the spool in `folder`.
    ///
    /// - Throws: ``FeedError/write(path:reason:)`` when no file can be created there.
    init(in folder: String) throws(FeedError) {
        self.folder = folder
        var descriptor: Int32 = -1
        #if os(Linux)
            // O_TMPFILE is a macro Swift does not import: __O_TMPFILE | O_DIRECTORY, where
            // __O_TMPFILE is 0o20000000 on x86-64 and ARM. Elsewhere the open fails and the
            // fallback below is used.
            descriptor = open(folder, O_RDWR | O_DIRECTORY | 0o20000000 | O_CLOEXEC, 0o600)
        #endif
        if descriptor < 0 {
            // Systems or file systems without O_TMPFILE: a named file, unlinked at once.
            var template = Array((folder + "/.reservation-feed-spool-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        }
        guard descriptor >= 0 else {
            throw .write(path: folder, reason: "cannot create a temporary file: \(String(cString: strerror(errno)).lowercased())")
        }
        self.descriptor = descriptor
        pending.reserveCapacity(Self.pieceSize + 4096)
    }

    deinit {
        if let loaded, let base = loaded.baseAddress {
            if loadedIsMapped {
                munmap(UnsafeMutableRawPointer(mutating: base), loaded.count)
            } else {
                base.deallocate()
            }
        }
        close(descriptor)
    }

    /// Sets a text aside; the range is where it is, for ``read(_:appendingTo:)``.
    func append(_ text: some Collection<UInt8>) throws(FeedError) -> Range<Int> {
        let start = written + pending.count
        pending.append(contentsOf: text)
        if pending.count >= Self.pieceSize { try flush() }
        return start..<start + text.count
    }

    /// Appends the text at `range` to `buffer`.
    func read(_ range: Range<Int>, appendingTo buffer: inout [UInt8]) throws(FeedError) {
        if let loaded, range.upperBound <= loaded.count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: loaded[range]))
            return
        }
        if range.upperBound > written { try flush() }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: range.count))
        var done = 0
        let failed = buffer.withUnsafeMutableBufferPointer { buffer -> Bool in
            while done < range.count {
                let count = pread(descriptor, buffer.baseAddress! + start + done, range.count - done, off_t(range.lowerBound + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                done += count
            }
            return false
        }
        if failed { throw failure("cannot read back a temporary file") }
    }

    /// Maps everything written so far into memory, in one go, for texts read in another order
    /// than they were written in: from memory each is a copy, from the file a system call.
    /// The mapping's pages are the page cache's, which hold the texts anyway; where the file
    /// cannot be mapped it is read into memory the feed's size, which the feed's events no longer
    /// need by then. Called once; texts appended afterwards are read from the file.
    func load() throws(FeedError) {
        try flush()
        guard loaded == nil, written > 0 else { return }
        if let mapped = mmap(nil, written, PROT_READ, MAP_PRIVATE | Self.populate, descriptor, 0), mapped != MAP_FAILED {
            loaded = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: written)
            loadedIsMapped = true
            return
        }
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: written)
        var done = 0
        while done < written {
            let count = pread(descriptor, memory.baseAddress! + done, written - done, off_t(done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("cannot read back a temporary file")
                memory.deallocate()
                throw error
            }
            done += count
        }
        loaded = UnsafeBufferPointer(memory)
    }

    private func flush() throws(FeedError) {
        var offset = 0
        let failed = pending.withUnsafeBufferPointer { buffer -> Bool in
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                offset += count
            }
            return false
        }
        if failed { throw failure("cannot write a temporary file") }
        written += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    private func failure(_ what: String) -> FeedError {
        .write(path: folder, reason: "\(what): \(String(cString: strerror(errno)).lowercased())")
    }
}
