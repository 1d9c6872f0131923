/// Folders only the running user may change: a cache of downloaded mail, the memos beside it.
///
/// A folder found where the program's own belongs could have been made by another user (who
/// could then read what is kept there, or plant links in it): each folder from `base` down is
/// made `0700` when it is missing, and one that is already there must be a real folder (not a
/// symbolic link), belong to the running user, and be writable by nobody else.
package enum PrivateFolder {
    /// Why a folder cannot be used or made.
    package struct AccessError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Makes `path` and the folders above it that are missing (the new ones `0700`), and checks
    /// those at or below `base` as described above.
    ///
    /// - Parameter base: The first folder that is the program's own (`~/.cache/reservation-feed`);
    ///   those above it are the person's, and are only made when missing.
    package static func make(_ path: String, base: String) throws(AccessError) {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        var current = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw AccessError(description: "cannot make the folder \(current): \(reason())")
            }
            guard current.count >= base.count, current.hasPrefix(base) else { continue }
            try check(current)
        }
    }

    /// Checks one folder as described above.
    package static func check(_ path: String) throws(AccessError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw AccessError(description: "cannot look at the folder \(path): \(reason())") }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw AccessError(description: "\(path) is not a folder (a symbolic link is not followed there); remove it")
        }
        guard status.st_uid == geteuid() else {
            throw AccessError(description: "the folder \(path) belongs to another user (uid \(status.st_uid)); it is not used")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw AccessError(
                description: "the folder \(path) can be changed by others (mode \(String(status.st_mode & 0o777, radix: 8))); it is not used until it is 0700")
        }
    }

    /// The program's state folder: `$XDG_STATE_HOME/reservation-feed`, else
    /// `~/.local/state/reservation-feed` (an `XDG_STATE_HOME` that is not an absolute path is
    /// ignored, as the XDG specification says). Sign-ins, the publish state and the view key are
    /// kept under it.
    package static func stateFolder(environment: [String: String]) -> String {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (home(environment: environment) ?? "/nonexistent") + "/.local/state"
        return state + "/reservation-feed"
    }

    /// The running user's home folder: `HOME`, else the system's record of the user; never a
    /// shared folder such as `/tmp`.
    package static func home(environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }

    private static func reason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
