import Basics
import CWriteback
import Foundation

/// Replaces a file so that anyone reading it sees the old content or the new one, complete.
///
/// The new content goes to a temporary file in the same folder, is flushed to disk, and is
/// renamed over the old file, which the system does in one step; the folder is then flushed so
/// the rename survives a power cut. If anything fails before the rename, the temporary file is
/// removed and the old file is untouched. Feeds, single events, donations, publishing's state
/// and mirror, and `serve`'s secrets are all written this way.
///
/// The path is looked at as `OutputLocation` says: a symbolic link or a file another user
/// planted there is refused, never followed or replaced, and the temporary file is made with
/// `O_EXCL | O_NOFOLLOW` relative to the open folder. No mode is taken from the old file: a new
/// one is made `0644` as the umask allows (`0600` under `UMask=0077`), or with the exact mode
/// asked for (`0600` for secrets and states).
public enum AtomicFileWriter {
    /// Writes what `produce` hands over to a temporary file, then puts it in place of `path`.
    ///
    /// - Parameters:
    ///   - path: The file to replace or create.
    ///   - permissions: The new file's exact mode (`0o600` for a secret); `nil` gives `0o644`
    ///     less the umask. The temporary file has them from the start, so the content is never
    ///     readable by more people than the file it becomes.
    ///   - keepingIdentical: Whether a file whose bytes are already the new content is left as it
    ///     is (its inode, its modification time): a static web server that derives ETag and
    ///     Last-Modified from the file then sends subscribers nothing new. The old file is read
    ///     beside the writing, and no longer than its first difference.
    ///   - produce: Writes the content through the function it is given.
    /// - Returns: Whether the file was replaced (`false`: it was kept, its bytes the new content).
    /// - Throws: ``FeedError/write(path:reason:)`` for file-system failures and refused paths,
    ///   or whatever `produce` throws; in both cases `path` is unchanged.
    @discardableResult
    public static func replace(
        _ path: String, permissions: mode_t? = nil, keepingIdentical: Bool = false, produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws -> Bool {
        let location: OutputLocation
        do {
            location = try OutputLocation(path)
        } catch {
            throw FeedError.write(path: path, reason: error.description)
        }
        let folder = location.folder
        let temporary = "." + location.name + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

        let descriptor = openat(location.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions ?? 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot create a file in \(folder)") }
        var isOpen = true
        var isInPlace = false
        defer {
            if isOpen { close(descriptor) }
            if !isInPlace { unlinkat(location.descriptor, temporary, 0) }
        }
        // An exact mode, whatever the umask, for what must be the owner's alone.
        if let permissions {
            guard fchmod(descriptor, permissions) == 0 else { throw failure(path, "cannot set the file's permissions") }
        }

        // The old file, compared with the new content as it is written, while they agree.
        var old: Int32 = keepingIdentical ? openat(location.descriptor, location.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1
        defer { if old >= 0 { close(old) } }
        var comparison: [UInt8] = []
        func compare(_ chunk: [UInt8]) {
            guard old >= 0 else { return }
            comparison.removeAll(keepingCapacity: true)
            comparison.reserveCapacity(chunk.count)
            if !(Self.read(old, count: chunk.count, into: &comparison) && comparison == chunk) {
                close(old)
                old = -1
            }
        }

        // Where the file ends, and up to where the system was asked to start writing it to disk.
        var size = 0
        var writebackStarted = 0
        try produce { chunk in
            compare(chunk)
            try chunk.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "cannot write")
                    }
                    offset += written
                }
            }
            size += chunk.count
            // A large file goes to disk while the rest is made, not all at the fsync, which then
            // waits less (sync_file_range, measured in docs/performance.md; a hint, whose failure
            // only means the fsync does it all).
            if size - writebackStarted >= Self.writebackStep {
                _ = cwriteback_start(descriptor, Int64(writebackStarted), Int64(size - writebackStarted))
                writebackStarted = size
            }
        }
        // Every byte agreed: the old file is the new content if it ends here too.
        var status = stat()
        if old >= 0, fstat(old, &status) == 0, status.st_size == size {
            return false
        }
        guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush the file to disk") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure(path, "cannot close the file") }
        // A name swapped in since the look is replaced, not followed: rename never follows.
        guard renameat(location.descriptor, temporary, location.descriptor, location.name) == 0 else {
            throw failure(path, "cannot move the new file into place")
        }
        isInPlace = true
        fsync(location.descriptor)
        return true
    }

    /// Reads `count` bytes (fewer at the end of the file) and appends them to `bytes`; `false`
    /// when the file ends or fails before `count`.
    private static func read(_ descriptor: Int32, count: Int, into bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.read(descriptor, base + start + filled, count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return filled == count
    }

    /// Removes the temporary files that runs killed before their rename left beside `path`
    /// (the running user's only). Only safe while holding the feed's lock, when no other run can
    /// be writing one.
    static func removeStaleTemporaryFiles(of path: String) {
        guard let location = try? OutputLocation(path) else { return }
        let prefix = "." + location.name + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: location.folder)) ?? [] where name.hasPrefix(prefix) {
            var status = stat()
            guard fstatat(location.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_uid == geteuid() else { continue }
            unlinkat(location.descriptor, name, 0)
        }
    }

    /// How much of a file is written before its writing to disk is started, in bytes.
    static let writebackStep = 8 << 20

    /// A write failure with the system's reason for the last call.
    private static func failure(_ path: String, _ what: String) -> FeedError {
        let reason = String(cString: strerror(errno))
        return .write(path: path, reason: "\(what): \(reason.lowercased())")
    }
}
