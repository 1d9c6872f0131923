import Basics
import CWriteback
import Foundation

/// Replaces a file so that anyone reading it sees the old content or the new one, complete.
///
/// The new content goes to a temporary file in the same folder, is flushed to disk, and is
/// renamed over the old file, which the system does in one step; the folder is then flushed so
/// the rename survives a power cut. If anything fails before the rename, the temporary file is
/// removed and the old file is untouched. The old file's permissions are kept unless others are
/// asked for, and a symbolic link at the path is followed, so the file it points to is the one
/// replaced. Feeds, single events, donations, publishing's state and `serve`'s secret are all
/// written this way.
public enum AtomicFileWriter {
    /// Writes what `produce` hands over to a temporary file, then puts it in place of `path`.
    ///
    /// - Parameters:
    ///   - path: The file to replace or create.
    ///   - permissions: The new file's mode (`0o600` for a secret); `nil` keeps the old file's,
    ///     or gives a new file `0o644`. The temporary file has them from the start, so the content
    ///     is never readable by more people than the file it becomes.
    ///   - produce: Writes the content through the function it is given.
    /// - Throws: ``FeedError/write(path:reason:)`` for file-system failures, or whatever `produce`
    ///   throws; in both cases `path` is unchanged.
    public static func replace(
        _ path: String, permissions: mode_t? = nil, produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent().path
        let temporary = folder + "/." + target.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

        var existing = stat()
        let mode = permissions ?? (stat(target.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(path, "cannot create a file in \(folder)") }
        var isOpen = true
        var isInPlace = false
        defer {
            if isOpen { close(descriptor) }
            if !isInPlace { unlink(temporary) }
        }
        guard fchmod(descriptor, mode) == 0 else { throw failure(path, "cannot set the file's permissions") }

        // Where the file ends, and up to where the system was asked to start writing it to disk.
        var size = 0
        var writebackStarted = 0
        try produce { chunk in
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
            // A large file goes to disk while the rest is made, not all at the fsync: for a
            // feed of 100,000 events, 20 ms of waiting become a few (sync_file_range; a hint,
            // whose failure only means the fsync does it all).
            if size - writebackStarted >= Self.writebackStep {
                _ = cwriteback_start(descriptor, Int64(writebackStarted), Int64(size - writebackStarted))
                writebackStarted = size
            }
        }
        guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush the file to disk") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure(path, "cannot close the file") }
        guard rename(temporary, target.path) == 0 else { throw failure(path, "cannot move the new feed into place") }
        isInPlace = true

        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the temporary files that runs killed before their rename left beside `path`.
    /// Only safe while holding the feed's lock, when no other run can be writing one.
    static func removeStaleTemporaryFiles(of path: String) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent().path
        let prefix = "." + target.lastPathComponent + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
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
