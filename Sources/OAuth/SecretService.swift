import Basics
import CSecretService

/// The desktop's Secret Service (GNOME Keyring, KWallet, KeePassXC…), where a sign-in's refresh
/// token is kept when one runs: through libsecret, loaded only when a secret is stored or looked
/// up (``CSecretService``), so that a machine without it (a server, a container) simply keeps
/// the token in its file.
enum SecretService {
    /// What became of a call.
    enum KeyringError: Error, Sendable, Hashable {
        /// No Secret Service here (libsecret missing, no session bus, none running).
        case unavailable(String)
        /// The Secret Service refused or failed (a locked keyring left locked).
        case failed(String)
        /// Nothing is stored for the sign-in.
        case notFound

        var reason: String {
            switch self {
            case .unavailable(let why): "no Secret Service answers here" + (why.isEmpty ? "" : " (\(why))")
            case .failed(let why): "the Secret Service refused" + (why.isEmpty ? "" : " (\(why))")
            case .notFound: "the keyring holds nothing for it"
            }
        }
    }

    /// Keeps `token` for the sign-in of `account` at `issuer`.
    ///
    /// An account is one whatever the case it is typed in, as its file is (``AccountStore``): the
    /// keyring's item is named by it in lower case, so that signing in again as `Ada@…` replaces
    /// the item of `ada@…`.
    static func store(_ token: BearerToken, issuer: String, account: String) throws(KeyringError) {
        try busNamed()
        var message: UnsafeMutablePointer<CChar>?
        let result = csecret_store(issuer, account.lowercased(), "ReservationFeed sign-in: \(account)", token.value, &message)
        try check(result, message)
    }

    /// The token kept for the sign-in.
    static func lookup(issuer: String, account: String) throws(KeyringError) -> BearerToken {
        var message: UnsafeMutablePointer<CChar>?
        var secret: UnsafeMutablePointer<CChar>?
        try busNamed()
        let result = csecret_lookup(issuer, account.lowercased(), &secret, &message)
        try check(result, message)
        guard let secret else { throw .notFound }
        defer { csecret_free(secret) }
        return BearerToken(String(cString: secret))
    }

    /// Forgets the token kept for the sign-in.
    static func clear(issuer: String, account: String) throws(KeyringError) {
        var message: UnsafeMutablePointer<CChar>?
        try busNamed()
        try check(csecret_clear(issuer, account.lowercased(), &message), message)
    }

    private static func check(_ result: Int32, _ message: UnsafeMutablePointer<CChar>?) throws(KeyringError) {
        let text = message.map { TokenResponse.plain(String(cString: $0)) } ?? ""
        free(message)
        switch Int(result) {
        case Int(CSECRET_OK): return
        case Int(CSECRET_NOT_FOUND): throw .notFound
        case Int(CSECRET_UNAVAILABLE): throw .unavailable(text)
        default: throw .failed(text)
        }
    }

    /// A session bus named as none (`DBUS_SESSION_BUS_ADDRESS` set, and empty) is no Secret
    /// Service here, as no bus is: the file is used, without a word.
    private static func busNamed() throws(KeyringError) {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee == 0 { throw .unavailable("") }
    }
}
