import Basics
import Foundation

/// The sign-ins this program keeps, a ``GrantFile`` per account in the state folder:
/// `$XDG_STATE_HOME/reservation-feed/accounts/ACCOUNT.json` (`~/.local/state` when
/// `XDG_STATE_HOME` is not set), every folder from `reservation-feed` down private.
public struct AccountStore: Sendable {
    /// The program's own state folder (`…/reservation-feed`), from which the folders must be
    /// private.
    public let base: String

    /// Where refresh tokens go: the desktop's keyring where one answers, unless
    /// `RESERVATION_FEED_SECRETS=file` asks for the file (``GrantFile``).
    public let tokenPlace: GrantFile.TokenPlace

    /// The store under `base`.
    public init(base: String, tokenPlace: GrantFile.TokenPlace = .file) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.tokenPlace = tokenPlace
    }

    /// The store of the user `environment` belongs to.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(base: PrivateFolder.stateFolder(environment: environment), tokenPlace: environment["RESERVATION_FEED_SECRETS"] == "file" ? .file : .keyring)
    }

    /// The folder of the grant files.
    public var folder: String { base + "/accounts" }

    /// The file that keeps `account`'s sign-in: its name as typed, in lower case, with every
    /// character but letters, digits and `@._+-` escaped (`%2F` for `/`), so that no name leads
    /// out of the folder.
    public func file(for account: String) -> GrantFile {
        GrantFile(path: folder + "/" + Self.fileName(account) + ".json")
    }

    /// Makes the folder of the grant files where it is missing, and checks every folder from
    /// ``base`` down to it: before a sign-in, so that the provider is not asked for a grant that
    /// could not be kept.
    public func prepare() throws(OAuthError) {
        do {
            try PrivateFolder.make(folder, base: base)
        } catch {
            throw .grantFile(path: folder, reason: "cannot be used: \(error)")
        }
    }

    /// Checks the folders from ``base`` down to the grant files' that are there: a grant is read
    /// only from folders the running user alone may change, so that nobody else can put a
    /// sign-in of theirs (and with it where the tokens go) in place of the person's.
    func checkFolders() throws(OAuthError) {
        for path in [base, folder] {
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            do {
                try PrivateFolder.check(path)
            } catch {
                throw .grantFile(path: folder, reason: "cannot be used: \(error)")
            }
        }
    }

    /// Keeps `grant` in its account's file, its token where ``tokenPlace`` says.
    @discardableResult
    public func save(_ grant: GrantFile.Grant) throws(OAuthError) -> GrantFile.Kept {
        try file(for: grant.account).save(grant, base: base, place: tokenPlace)
    }

    /// Keeps `grant` in place of `previous`, the grant its account's file held: a token of
    /// `previous` left in the keyring under another issuer (or the keyring no longer used) is
    /// cleared, so that nothing of it stays there. Revoking it at its provider is the caller's.
    @discardableResult
    public func replace(_ previous: GrantFile.Grant, with grant: GrantFile.Grant) throws(OAuthError) -> GrantFile.Kept {
        let kept = try save(grant)
        if previous.tokenInKeyring, previous.issuer != grant.issuer || kept.place != .keyring {
            try? SecretService.clear(issuer: previous.issuer, account: previous.account)
        }
        return kept
    }

    /// The grant kept for `account`.
    ///
    /// - Throws: ``OAuthError/notSignedIn(account:)`` when there is none, or why its file cannot
    ///   be used.
    public func grant(for account: String) throws(OAuthError) -> GrantFile.Grant {
        try checkFolders()
        guard let grant = try file(for: account).load() else { throw .notSignedIn(account: account) }
        return grant
    }

    /// Every kept sign-in, in the order of their files' names, each with its grant or why it
    /// cannot be read.
    ///
    /// - Throws: Why the folder cannot be used (``checkFolders()``).
    public func all() throws(OAuthError) -> [(file: GrantFile, grant: Result<GrantFile.Grant, OAuthError>)] {
        try checkFolders()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        return names.sorted().map { name in
            let file = GrantFile(path: folder + "/" + name)
            do throws(OAuthError) {
                guard let grant = try file.load() else { throw .grantFile(path: file.path, reason: "was removed while it was read") }
                return (file, .success(grant))
            } catch {
                return (file, .failure(error))
            }
        }
    }

    static func fileName(_ account: String) -> String {
        var name = ""
        for byte in account.lowercased().utf8 {
            let scalar = Unicode.Scalar(byte)
            let plain = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "@_+-".unicodeScalars.contains(scalar) || (scalar == "." && !name.isEmpty)
            name += plain ? String(scalar) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return name.isEmpty ? "%00" : name
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
