import Basics
import Foundation
import ReservationFeed

/// The person's view key (`--view-key FILE`, else `$XDG_STATE_HOME/reservation-feed/view-key`,
/// `~/.local/state` when `XDG_STATE_HOME` is not set): the secret the shared and busy views' UIDs
/// are made with (`SynthesisOptions.viewKey`), so that nobody who has a view can check a guessed
/// booking number against them.
///
/// The default file is made on first use (256 random bits from the system's generator, in hex,
/// mode 0600, in a folder only the user may change) and kept: the same key gives the same UIDs
/// from run to run. A file named with `--view-key` must exist (a typo would otherwise make a
/// new key, and every subscriber's events anew); copying the file to another machine makes the
/// same views there.
enum ViewKeyFile {
    /// Why there is no key.
    struct ViewKeyError: Error, CustomStringConvertible {
        let description: String
    }

    /// The shortest key a file may hold, in characters.
    static let shortest = 16

    /// The key of the file named, else of the default file, made when missing.
    static func load(_ named: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ViewKeyError) -> String {
        if let named {
            guard let key = try read(named, followingLinks: true) else {
                throw ViewKeyError(description: "--view-key \(named): the file does not exist (leave --view-key out to have one made and kept for you)")
            }
            return key
        }
        let base = PrivateFolder.stateFolder(environment: environment)
        let path = base + "/view-key"
        // The folder first: a key another user could have planted (a link to a file of the
        // person's that a subscriber knows) is no secret.
        do {
            try PrivateFolder.make(base, base: base)
        } catch {
            throw ViewKeyError(description: "the view key cannot be kept: \(error) (--view-key FILE names one of your own)")
        }
        if let key = try read(path, followingLinks: false) { return key }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        // Written whole to a file of its own, then linked into place: a run that dies leaves no
        // empty key, and of two first runs, the one that links first gives the key.
        let temporary = base + "/.view-key.\(getpid()).\(UInt64.random(in: 0 ... .max, using: &generator))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw ViewKeyError(description: "the view key cannot be written in \(base): \(String(cString: strerror(errno)))")
        }
        defer { unlink(temporary) }
        let bytes = Array((key + "\n").utf8)
        let written = write(descriptor, bytes, bytes.count) == bytes.count && fsync(descriptor) == 0
        close(descriptor)
        guard written else {
            throw ViewKeyError(description: "the view key cannot be written in \(base): \(String(cString: strerror(errno)))")
        }
        if link(temporary, path) != 0 {
            guard errno == EEXIST, let made = try read(path, followingLinks: false) else {
                throw ViewKeyError(description: "the view key cannot be written to \(path): \(String(cString: strerror(errno)))")
            }
            return made
        }
        return key
    }

    /// The key a file holds, trimmed; `nil` when there is no such file. The default file is
    /// taken only as a file of its own, not through a link.
    private static func read(_ path: String, followingLinks: Bool) throws(ViewKeyError) -> String? {
        var status = stat()
        let found = followingLinks ? stat(path, &status) : lstat(path, &status)
        guard found == 0 || errno != ENOENT else { return nil }
        guard found == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ViewKeyError(description: "the view key \(path) is not a file (remove it to have a new one made)")
        }
        guard status.st_uid == geteuid(), status.st_mode & 0o077 == 0 else {
            throw ViewKeyError(description: "the view key \(path) can be read or changed by others; make it yours alone (chmod 600 \(path))")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ViewKeyError(description: "the view key \(path) cannot be read")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard key.count >= shortest, !key.contains(where: { $0.isNewline }) else {
            throw ViewKeyError(description: "the view key \(path) holds no key of \(shortest) characters or more on one line")
        }
        return key
    }
}
