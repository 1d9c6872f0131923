import CalDAV
import Diagnostics
import Foundation

/// Finds the credentials for a calendar without taking them from the command line, where every
/// user of the machine could read them: a password file readable by its owner only, an
/// environment variable, or `~/.netrc`.
public struct CredentialLookup: Sendable {
    /// The environment variable that may hold the password.
    public static let passwordVariable = "RESERVATION_FEED_CALDAV_PASSWORD"

    /// The process's environment (a test's own, in tests).
    public var environment: [String: String]

    /// Creates a lookup over `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// What went wrong finding the credentials.
    public struct LookupError: Error, Sendable, DiagnosticMessageConvertible {
        /// What is wrong, kept as its parts until it is said.
        public var message: DiagnosticMessage
        public var description: String { message.description }

        init(_ message: DiagnosticMessage) {
            self.message = message
        }
    }

    /// The credentials for `calendar`, or `nil` when none are given anywhere.
    ///
    /// - Parameters:
    ///   - user: `--user`; when `nil`, the login of the host's `~/.netrc` entry.
    ///   - passwordFile: `--password-file`; first in order, then the environment variable,
    ///     then `~/.netrc` (or the file `NETRC` names).
    /// - Throws: ``LookupError`` when the password file cannot be read, can be read by others, or
    ///   there is a password and no user.
    public func credentials(for calendar: URL, user: String?, passwordFile: String?) throws(LookupError) -> CalDAVClient.Credentials? {
        let entry = netrcEntry(for: calendar.host ?? "", user: user)
        let login = user ?? entry?.login
        var password: String?
        if let passwordFile {
            password = try Self.readPasswordFile(passwordFile)
        } else if let value = environment[Self.passwordVariable], !value.isEmpty {
            password = value
        } else {
            password = entry?.password
        }
        guard let password else {
            return nil
        }
        guard let login, !login.isEmpty else {
            throw LookupError("a password was given but no user: add \(setting: Setting("user", "NAME")) (or a login in ~/.netrc)")
        }
        return CalDAVClient.Credentials(user: login, password: password)
    }

    /// The first line of a file that only its owner may read.
    static func readPasswordFile(_ path: String) throws(LookupError) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else {
            throw LookupError("\(setting: Setting("password-file", path)): cannot be read")
        }
        guard mode & 0o077 == 0 else {
            throw LookupError(
                "\(setting: Setting("password-file", path)): other users may read it (mode \(String(mode & 0o777, radix: 8))); chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LookupError("\(setting: Setting("password-file", path)): cannot be read")
        }
        let first = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !first.isEmpty else { throw LookupError("\(setting: Setting("password-file", path)): the first line is empty") }
        return first
    }

    /// The `~/.netrc` entry for `host` (with `user`'s login, when given), else its `default`.
    func netrcEntry(for host: String, user: String?) -> (login: String?, password: String?)? {
        let path = environment["NETRC"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Self.netrcEntry(in: String(decoding: data, as: UTF8.self), host: host, user: user)
    }

    /// Reads netrc text: `machine NAME login USER password SECRET` entries (across lines, in any
    /// order, `default` as a last resort; `macdef` bodies are skipped).
    static func netrcEntry(in text: String, host: String, user: String?) -> (login: String?, password: String?)? {
        var entries: [(machine: String?, login: String?, password: String?)] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var tokens: [Substring] = []
        while let line = lines.popFirst() {
            let words = line.split(whereSeparator: \.isWhitespace)
            if words.first == "macdef" {
                // A macro runs to the next empty line.
                while let body = lines.popFirst(), !body.allSatisfy(\.isWhitespace) {}
                continue
            }
            if words.first?.hasPrefix("#") == true { continue }
            tokens += words
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case "machine" where index + 1 < tokens.count:
                entries.append((String(tokens[index + 1]), nil, nil))
                index += 2
            case "default":
                entries.append((nil, nil, nil))
                index += 1
            case "login" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].login = String(tokens[index + 1])
                index += 2
            case "password" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].password = String(tokens[index + 1])
                index += 2
            default:
                index += 1
            }
        }
        let matching = entries.filter { $0.machine?.lowercased() == host.lowercased() && (user == nil || $0.login == user) }
        let fallback = entries.filter { $0.machine == nil && (user == nil || $0.login == nil || $0.login == user) }
        guard let entry = matching.first ?? fallback.first else { return nil }
        return (entry.login, entry.password)
    }
}
