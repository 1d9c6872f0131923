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
    static func store(_ token: BearerToken, issuer: String, account: String) throws(KeyringError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = csecret_store(issuer, account, "ReservationFeed sign-in: \(account)", token.value, &message)
        try check(result, message)
    }

    /// The token kept for the sign-in.
    static func lookup(issuer: String, account: String) throws(KeyringError) -> BearerToken {
        var message: UnsafeMutablePointer<CChar>?
        var secret: UnsafeMutablePointer<CChar>?
        let result = csecret_lookup(issuer, account, &secret, &message)
        try check(result, message)
        guard let secret else { throw .notFound }
        defer { csecret_free(secret) }
        return BearerToken(String(cString: secret))
    }

    /// Forgets the token kept for the sign-in.
    static func clear(issuer: String, account: String) throws(KeyringError) {
        var message: UnsafeMutablePointer<CChar>?
        try check(csecret_clear(issuer, account, &message), message)
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
}
