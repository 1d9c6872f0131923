import Basics
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
        do {
            return try OwnerOnlyFile.firstLine(path)
        } catch {
            throw LookupError("\(setting: Setting("password-file", path)): the file \(error)")
        }
    }

    /// The `~/.netrc` entry for `host` (with `user`'s login, when given), else its `default`.
    func netrcEntry(for host: String, user: String?) -> Netrc.Entry? {
        Netrc.entry(inFile: Netrc.path(environment: environment) ?? NSHomeDirectory() + "/.netrc", host: host, user: user)
    }
}
