import Basics
import Foundation

/// A sign-in kept between runs, in a file only its owner can read: the provider's issuer, the
/// client, the account, the scopes granted and the refresh token, or, where the desktop's Secret
/// Service runs (``SecretService``), a mark that the token is kept there. No access token is
/// kept: each run gets a fresh one.
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
        /// Whether the refresh token was read from the desktop's keyring (set by ``load()``).
        public var tokenInKeyring = false

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
            let account = object["account"] as? String
        else {
            throw .grantFile(path: path, reason: "is not a sign-in this program kept (sign in again)")
        }
        let inKeyring = object["refresh_token_in"] as? String == Self.keyringMark
        let token: BearerToken
        if inKeyring {
            do {
                token = try SecretService.lookup(issuer: issuer, account: account)
            } catch {
                throw .grantFile(path: path, reason: "keeps its token in the desktop's keyring, but \(error.reason) (unlock the keyring, or sign in again)")
            }
        } else if let text = object["refresh_token"] as? String, !text.isEmpty {
            token = BearerToken(text)
        } else {
            throw .grantFile(path: path, reason: "is not a sign-in this program kept (sign in again)")
        }
        var grant = Grant(
            issuer: issuer, clientID: clientID, account: account, scopes: object["scopes"] as? [String] ?? [], refreshToken: token,
            provider: object["provider"] as? String, clientSecret: (object["client_secret"] as? String).map(BearerToken.init),
            clientFile: object["client_file"] as? String)
        grant.tokenInKeyring = inKeyring
        return grant
    }

    /// What the file says in place of a token kept in the keyring.
    static let keyringMark = "secret-service"

    /// Where a refresh token goes.
    public enum TokenPlace: Sendable, Hashable {
        /// In the file itself.
        case file
        /// In the desktop's Secret Service, where one answers; else in the file.
        case keyring
    }

    /// Where the token went, and when it was to go to the keyring and did not, why.
    public struct Kept: Sendable, Hashable {
        public var place: TokenPlace
        /// Why the keyring was not used, when a Secret Service answered and refused (a person
        /// expects it there); `nil` when none runs here, which is what servers are.
        public var note: String?
    }

    /// The largest file read as a grant.
    static let largest = 64 * 1024

    /// Keeps `grant`, replacing what the file held.
    ///
    /// - Parameter base: The first folder that is the program's own (the state folder), from
    ///   which every folder down to the file's must be private.
    /// - Parameter place: Where the refresh token goes: the keyring falls back to the file.
    @discardableResult
    public func save(_ grant: Grant, base: String, place: TokenPlace = .file) throws(OAuthError) -> Kept {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try PrivateFolder.make(folder, base: base)
        } catch {
            throw .grantFile(path: path, reason: "\(error)")
        }
        var object: [String: Any] = ["issuer": grant.issuer, "client_id": grant.clientID, "account": grant.account, "scopes": grant.scopes]
        var kept = Kept(place: .file)
        if place == .keyring {
            do {
                try SecretService.store(grant.refreshToken, issuer: grant.issuer, account: grant.account)
                kept.place = .keyring
            } catch .failed(let why) {
                kept.note = SecretService.KeyringError.failed(why).reason
            } catch {
                // No Secret Service here: the file, as on any server.
            }
        }
        if kept.place == .keyring {
            object["refresh_token_in"] = Self.keyringMark
        } else {
            object["refresh_token"] = grant.refreshToken.value
        }
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
        removeLeftovers(in: folder)
        return kept
    }

    /// Removes the temporary files of this grant that runs which died left behind, each holding
    /// a refresh token: a run writes and renames its own within a moment, so one older than a
    /// minute is nobody's.
    private func removeLeftovers(in folder: String) {
        let prefix = "." + (path as NSString).lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            var status = stat()
            let leftover = folder + "/" + name
            guard lstat(leftover, &status) == 0, status.st_mode & S_IFMT == S_IFREG, time(nil) - status.st_mtim.tv_sec > 60 else { continue }
            unlink(leftover)
        }
    }

    /// Runs `body` holding this grant's lock (`flock` on `.NAME.lock` beside the file), so that
    /// processes sharing the sign-in (a `publish --follow`, a `serve`, a cron `generate`) refresh
    /// it one at a time. A holder keeps it for one refresh, which its own time limits bound (well
    /// under a minute), and a process that ends lets it go; runs queued behind several holders on
    /// a slow provider may wait minutes, so only a lock not had within ten (a holder stopped, not
    /// ended) is gone without, as is one that cannot be made at all (the folder is gone): the lock
    /// orders refreshes, and a refresh without it is what runs did before.
    public func exclusively<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(OAuthError) -> T
    ) async throws(OAuthError) -> T {
        let folder = (path as NSString).deletingLastPathComponent
        let lockPath = folder + "/." + (path as NSString).lastPathComponent + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return try await body() }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + .seconds(600)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else { return try await body() }
            try? await Task.sleep(for: .milliseconds(50))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }

    /// Forgets the grant (after a revocation, or a grant found gone), its token in the keyring
    /// too.
    public func remove() throws(OAuthError) {
        if let data = FileManager.default.contents(atPath: path), let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            object["refresh_token_in"] as? String == Self.keyringMark, let issuer = object["issuer"] as? String, let account = object["account"] as? String
        {
            do {
                try SecretService.clear(issuer: issuer, account: account)
            } catch {
                throw .grantFile(path: path, reason: "keeps its token in the desktop's keyring, which could not forget it: \(error.reason)")
            }
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw .grantFile(path: path, reason: "cannot be removed (\(Self.reason()))") }
    }

    private static func reason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
