import Basics
import Foundation

/// A sign-in kept between runs, in a file only its owner can read: the provider's issuer, the
/// client, the account, the scopes granted and the refresh token. No access token is kept: each
/// run gets a fresh one. (Where the desktop's Secret Service runs, the refresh token will be kept
/// there instead; this file is the fallback and the systemd units' credential.)
///
/// The file is mode `0600` in a folder only its owner may change (`PrivateFolder`); one that
/// others can read is refused, not read. It is replaced whole (a temporary file, flushed,
/// renamed), never half-written.
public struct GrantFile: Sendable {
    /// What is kept.
    public struct Grant: Sendable, Hashable {
        /// The issuer the grant is from.
        public var issuer: String
        /// The client it was given to.
        public var clientID: String
        /// The account, as the person named it (`ada@gmail.com`).
        public var account: String
        /// The scopes granted.
        public var scopes: [String]
        /// The refresh token.
        public var refreshToken: BearerToken
        /// The known provider it is from (``Provider/name``), whose metadata is read where the
        /// provider publishes it; `nil` for an issuer named by its URL.
        public var provider: String?
        /// The client's secret, where the provider issued one (Google's desktop clients): a
        /// refresh needs it.
        public var clientSecret: BearerToken?
        /// The file the client came from (Google's `client_secret_*.json`), for the command that
        /// signs in again; `nil` when the client was named by its identifier.
        public var clientFile: String?

        public init(
            issuer: String, clientID: String, account: String, scopes: [String], refreshToken: BearerToken, provider: String? = nil,
            clientSecret: BearerToken? = nil, clientFile: String? = nil
        ) {
            self.issuer = issuer
            self.clientID = clientID
            self.account = account
            self.scopes = scopes
            self.refreshToken = refreshToken
            self.provider = provider
            self.clientSecret = clientSecret
            self.clientFile = clientFile
        }

        /// Who the program was to the server when the grant was given.
        public var client: ClientRegistration {
            ClientRegistration(clientID: clientID, clientSecret: clientSecret?.value)
        }
    }

    /// The file.
    public let path: String

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The grant kept in the file; `nil` when there is no file.
    ///
    /// - Throws: ``OAuthError/grantFile(path:reason:)`` when it cannot be read, others can read
    ///   it, or it is not a grant.
    public func load() throws(OAuthError) -> Grant? {
        // Opened first and then looked at, so that what is checked is what is read: a symbolic
        // link is not followed, and a file swapped after the check is not the one read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .grantFile(path: path, reason: "is a symbolic link (not followed)") }
            throw .grantFile(path: path, reason: "cannot be read (\(Self.reason()))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .grantFile(path: path, reason: "cannot be read (\(Self.reason()))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .grantFile(path: path, reason: "is not a regular file") }
        guard status.st_uid == geteuid() else { throw .grantFile(path: path, reason: "belongs to another user") }
        guard status.st_mode & 0o077 == 0 else {
            throw .grantFile(path: path, reason: "can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it, or sign in again")
        }
        guard status.st_size <= Self.largest else { throw .grantFile(path: path, reason: "is not a sign-in this program kept (sign in again)") }
        let bytes = Descriptor.read(descriptor, upTo: Int(status.st_size) + 1)
        let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        guard let object, let issuer = object["issuer"] as? String, let clientID = object["client_id"] as? String,
            let account = object["account"] as? String, let token = object["refresh_token"] as? String, !token.isEmpty
        else {
            throw .grantFile(path: path, reason: "is not a sign-in this program kept (sign in again)")
        }
        return Grant(
            issuer: issuer, clientID: clientID, account: account, scopes: object["scopes"] as? [String] ?? [], refreshToken: BearerToken(token),
            provider: object["provider"] as? String, clientSecret: (object["client_secret"] as? String).map(BearerToken.init),
            clientFile: object["client_file"] as? String)
    }

    /// The largest file read as a grant.
    static let largest = 64 * 1024

    /// Keeps `grant`, replacing what the file held.
    ///
    /// - Parameter base: The first folder that is the program's own (the state folder), from
    ///   which every folder down to the file's must be private.
    public func save(_ grant: Grant, base: String) throws(OAuthError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try PrivateFolder.make(folder, base: base)
        } catch {
            throw .grantFile(path: path, reason: "\(error)")
        }
        var object: [String: Any] = [
            "issuer": grant.issuer, "client_id": grant.clientID, "account": grant.account, "scopes": grant.scopes,
            "refresh_token": grant.refreshToken.value,
        ]
        object["provider"] = grant.provider
        object["client_secret"] = grant.clientSecret?.value
        object["client_file"] = grant.clientFile
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw .grantFile(path: path, reason: "cannot be written")
        }
        // A name of its own each time: a file left by a run that died never blocks the next.
        let temporary = folder + "/.\((path as NSString).lastPathComponent).\(UInt64.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .grantFile(path: path, reason: "cannot be written (\(Self.reason()))") }
        let flushed = Descriptor.write(descriptor, Array(data)) && fsync(descriptor) == 0
        close(descriptor)
        guard flushed, rename(temporary, path) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw .grantFile(path: path, reason: "cannot be written (\(reason))")
        }
        // The rename itself kept through a crash: the folder's entry flushed too.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Forgets the grant (after a revocation, or a grant found gone).
    public func remove() throws(OAuthError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .grantFile(path: path, reason: "cannot be removed (\(Self.reason()))") }
    }

    private static func reason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
