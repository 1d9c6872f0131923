import Basics
import Foundation

/// Where a file of the running user's is written or read: the folder it is in, held open, and
/// its name there.
///
/// Feeds, secrets and states may be put where others can write too (a shared folder with the
/// sticky bit, `/tmp`). Another user can plant a name there before the tool first writes it: a
/// symbolic link to a file of the running user's (or root's) that the tool would then replace,
/// or a file of their own whose content (a secret) they know. So the last component of the path
/// is looked at without following it: a symbolic link is followed only when it belongs to the
/// running user (a person may link their feed into a web root), to at most eight links; a file
/// there must belong to the running user; anything else is refused, saying why. Every later step
/// works relative to the open folder (`openat`, `renameat`), with `O_NOFOLLOW`, so that nothing
/// swapped in after the look is followed either. Components before the last are the person's
/// own path and are followed as the system follows them.
package final class OutputLocation {
    /// The folder, for messages.
    package let folder: String
    /// The folder, open (`O_DIRECTORY`).
    package let descriptor: Int32
    /// The name in the folder.
    package let name: String
    /// What is there now, or `nil` when nothing is.
    package let existing: stat?

    /// Why a path cannot be used.
    package struct AccessError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Looks at `path` as described above.
    package init(_ path: String) throws(AccessError) {
        var current = path
        for _ in 0...8 {
            let url = URL(fileURLWithPath: current)
            let folder = url.deletingLastPathComponent().path
            let name = url.lastPathComponent
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let error = errno
                if error == ENOENT { throw AccessError(description: "the folder \(folder) does not exist") }
                throw AccessError(description: "cannot open the folder \(folder): \(Self.reason(error))")
            }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                let error = errno
                guard error == ENOENT else {
                    close(descriptor)
                    throw AccessError(description: "cannot look at \(current): \(Self.reason(error))")
                }
                self.folder = folder
                self.descriptor = descriptor
                self.name = name
                existing = nil
                return
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard status.st_uid == geteuid() else {
                    close(descriptor)
                    throw AccessError(
                        description: "\(current) is a symbolic link that belongs to another user (uid \(status.st_uid)): it is not followed; remove it")
                }
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlinkat(descriptor, name, &target, target.count - 1)
                close(descriptor)
                guard length > 0 else { throw AccessError(description: "cannot read the symbolic link \(current): \(Self.reason())") }
                let text = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = text.hasPrefix("/") ? text : folder + "/" + text
                continue
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw AccessError(description: "\(current) is not a regular file")
            }
            guard status.st_uid == geteuid() else {
                close(descriptor)
                throw AccessError(description: "\(current) belongs to another user (uid \(status.st_uid)): it is neither read nor replaced; remove it")
            }
            self.folder = folder
            self.descriptor = descriptor
            self.name = name
            existing = status
            return
        }
        throw AccessError(description: "\(path) leads through more than eight symbolic links")
    }

    deinit {
        close(descriptor)
    }

    /// Checks a folder that files are written into (`--split DIR`, the inbox) by the same rule:
    /// a symbolic link there is followed only when it is the running user's; another user's is
    /// refused. A folder that is not there yet is fine (it is made). The folder may be another's
    /// (a group's folder given to the person): each file in it is still written as above.
    package static func checkFolder(_ path: String) throws(AccessError) {
        var current = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        for _ in 0...8 {
            var status = stat()
            guard lstat(current, &status) == 0 else { return }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                guard status.st_mode & S_IFMT == S_IFDIR else { throw AccessError(description: "\(current) is not a folder") }
                return
            }
            guard status.st_uid == geteuid() else {
                throw AccessError(
                    description: "\(current) is a symbolic link that belongs to another user (uid \(status.st_uid)): it is not followed; remove it")
            }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, target.count - 1)
            guard length > 0 else { throw AccessError(description: "cannot read the symbolic link \(current): \(reason())") }
            let text = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + text
        }
        throw AccessError(description: "\(path) leads through more than eight symbolic links")
    }

    /// The path of a name in the folder, for messages.
    package func path(of name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The file's bytes, read without following a link swapped in since the look; `nil` when
    /// there is no file.
    package func read() throws(AccessError) -> [UInt8]? {
        guard existing != nil else { return nil }
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw AccessError(description: "cannot read \(path(of: name)): \(Self.reason())") }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_uid == geteuid(), status.st_mode & S_IFMT == S_IFREG else {
            throw AccessError(description: "\(path(of: name)) changed while it was read: not used")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw AccessError(description: "cannot read \(path(of: name)): \(Self.reason())") }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// The system's reason for the last call, in lower case.
    static func reason(_ error: Int32 = errno) -> String {
        String(cString: strerror(error)).lowercased()
    }
}

/// `read(2)`, by a name the method `read()` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
