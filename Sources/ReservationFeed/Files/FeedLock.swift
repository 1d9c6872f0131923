import Basics
import Foundation

/// An exclusive lock on a feed, so that two runs (two cron jobs, say) never interleave their
/// reading of the old feed and writing of the new one.
///
/// The lock is `flock(2)` on a file beside the feed (`.feed.ics.lock`), so the system releases it
/// when the process ends, however it ends. Not `Sendable`: it owns a file descriptor, and is
/// held by the one run that took it.
package final class FeedLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock of the feed at `path`, waiting up to `seconds` for another run to finish.
    ///
    /// - Throws: ``FeedError/locked(path:waited:)`` when the wait is over, or
    ///   ``FeedError/write(path:reason:)`` when the lock file cannot be opened.
    package static func acquire(for path: String, waiting seconds: Int) throws(FeedError) -> FeedLock {
        let location: OutputLocation
        do {
            location = try OutputLocation(path)
        } catch {
            throw .write(path: path, reason: error.description)
        }
        let lockName = "." + location.name + ".lock"
        var planted = stat()
        if fstatat(location.descriptor, lockName, &planted, AT_SYMLINK_NOFOLLOW) == 0, planted.st_mode & S_IFMT == S_IFLNK {
            throw .write(
                path: path, reason: "the lock file \(location.path(of: lockName)) is a symbolic link (uid \(planted.st_uid)): it is not followed; remove it")
        }
        let descriptor = openat(location.descriptor, lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .write(path: path, reason: "cannot open the lock file \(location.path(of: lockName)): \(OutputLocation.reason())")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_uid == geteuid() else {
            close(descriptor)
            throw .write(
                path: path, reason: "the lock file \(location.path(of: lockName)) belongs to another user (uid \(status.st_uid)); remove it")
        }
        let deadline = Date().addingTimeInterval(TimeInterval(max(0, seconds)))
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw .locked(path: path, waited: seconds)
            }
            usleep(50_000)
        }
        return FeedLock(descriptor: descriptor)
    }
}
