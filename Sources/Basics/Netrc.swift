/// Passwords kept in `~/.netrc`, as curl, ftp and fetchmail read it: `machine HOST login USER
/// password SECRET` entries, their words across lines and in any order, `default` as a last
/// resort, comments and `macdef` bodies skipped.
package enum Netrc {
    /// One entry.
    package struct Entry: Sendable, Hashable {
        /// The host it is for; `nil` for `default`.
        package var machine: String?
        package var login: String?
        package var password: String?
    }

    /// The largest file read.
    static let largest = 1024 * 1024

    /// The file `NETRC` names, else `~/.netrc` (`HOME`'s).
    package static func path(environment: [String: String]) -> String? {
        environment["NETRC"] ?? environment["HOME"].map { $0 + "/.netrc" }
    }

    /// The entry for `host` in the file at `path`, or `nil` where there is no file or entry.
    package static func entry(inFile path: String?, host: String, user: String?) -> Entry? {
        guard let path else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return entry(in: String(decoding: Descriptor.read(descriptor, upTo: largest), as: UTF8.self), host: host, user: user)
    }

    /// The first entry for `host` (in any case) whose login is `user` or says none, else the
    /// first such `default`; any login when `user` is `nil`.
    package static func entry(in text: String, host: String, user: String?) -> Entry? {
        let entries = entries(in: text)
        let fits = { (entry: Entry) in user == nil || entry.login == nil || entry.login == user }
        return entries.first { $0.machine?.lowercased() == host.lowercased() && fits($0) } ?? entries.first { $0.machine == nil && fits($0) }
    }

    /// Every entry of a netrc text, in order.
    static func entries(in text: String) -> [Entry] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var words: [Substring] = []
        while let line = lines.popFirst() {
            let lineWords = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if lineWords.first == "macdef" {
                // A macro runs to the next empty line.
                while let body = lines.popFirst(), !body.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {}
                continue
            }
            if lineWords.first?.hasPrefix("#") == true { continue }
            words += lineWords
        }
        var entries: [Entry] = []
        var index = 0
        while index < words.count {
            switch words[index] {
            case "machine" where index + 1 < words.count:
                entries.append(Entry(machine: String(words[index + 1])))
                index += 2
            case "default":
                entries.append(Entry())
                index += 1
            case "login" where index + 1 < words.count && !entries.isEmpty:
                entries[entries.count - 1].login = String(words[index + 1])
                index += 2
            case "password" where index + 1 < words.count && !entries.isEmpty:
                entries[entries.count - 1].password = String(words[index + 1])
                index += 2
            default:
                index += 1
            }
        }
        return entries
    }
}
