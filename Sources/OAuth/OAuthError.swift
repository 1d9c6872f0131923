/// Why signing in, or keeping signed in, did not work. What it says names the server and the
/// reason, never a token or a secret.
public enum OAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An authorization server answered with an error (RFC 6749 §5.2, or §4.1.2.1 on the
    /// redirect): `invalid_grant` (a revoked or expired grant), `invalid_client`,
    /// `access_denied`, …, with its own words when it gave some.
    case refused(code: String, explanation: String?)
    /// An answer that is not what the protocol says (not JSON, a field missing, a token type
    /// other than Bearer), from `source`.
    case malformed(source: String, reason: String)
    /// The server's published metadata cannot be used: another issuer's, an endpoint that is
    /// not HTTPS, no PKCE with `S256`.
    case unusableMetadata(issuer: String, reason: String)
    /// The client's registration (Google's `client_secret_*.json`, a client ID) cannot be used.
    case registration(String)
    /// The redirect came back with another `state` than the request's: not this sign-in's.
    case stateMismatch
    /// The loopback listener the browser comes back to could not listen, or nobody came.
    case redirectListener(String)
    /// The file that keeps a sign-in cannot be used (the path, and why; never what it holds).
    case grantFile(path: String, reason: String)
    /// An endpoint could not be reached, or did not answer in time.
    case unreachable(endpoint: String, reason: String)
    /// An endpoint asked to be left alone for a while (429 or 503), for `retryAfter` seconds when
    /// it said.
    case busy(endpoint: String, retryAfter: Int?)
    /// No sign-in is kept for the account.
    case notSignedIn(account: String)
    /// The provider says another account signed in than the one named (its ID token's `email`
    /// or `preferred_username`).
    case anotherAccount(named: String, signedIn: String)
    /// The code shown to the person for a sign-in on another device (RFC 8628) expired before
    /// it was entered.
    case deviceCodeExpired
    /// Nobody signed in within the time the person gave (`--timeout`), though the code still
    /// lasted.
    case notSignedInWithin(seconds: Int)

    /// Whether trying again later may work without the person doing anything: a server away or
    /// busy.
    public var mayPass: Bool {
        switch self {
        case .unreachable, .busy: true
        case .refused(let code, _): code == "temporarily_unavailable" || code == "server_error"
        default: false
        }
    }

    /// Whether the grant itself is gone (revoked, expired, its password changed): the person must
    /// sign in again; trying later will not help.
    public var grantIsGone: Bool {
        if case .refused("invalid_grant", _) = self { return true }
        return false
    }

    /// What went wrong, in words: whatever of it a server sent, printable only.
    public var description: String {
        TokenResponse.printable(text)
    }

    private var text: String {
        switch self {
        case .refused(let code, let explanation):
            "the authorization server refused (\(code.prefix(100)))" + (explanation.map { ": \($0)" } ?? "")
        case .malformed(let source, let reason): "\(source) answered what OAuth 2.0 does not say: \(reason)"
        case .unusableMetadata(let issuer, let reason): "the metadata \(issuer) publishes cannot be used: \(reason)"
        case .registration(let reason): "the client's registration cannot be used: \(reason)"
        case .stateMismatch: "the sign-in came back with another state than it was sent with: not this sign-in's; nothing was kept"
        case .redirectListener(let reason): "the sign-in could not be received on this machine's loopback: \(reason)"
        case .unreachable(let endpoint, let reason): "\(endpoint): \(reason)"
        case .grantFile(let path, let reason): "the sign-in kept in \(path) \(reason)"
        case .busy(let endpoint, let seconds): "\(endpoint) is busy and asks to wait" + (seconds.map { " \($0) s" } ?? "")
        case .notSignedIn(let account): "no sign-in is kept for \(account)"
        case .anotherAccount(let named, let signedIn):
            "the browser signed in as \(signedIn), not \(named); nothing was kept (sign in as \(named), or name \(signedIn))"
        case .deviceCodeExpired: "the code expired before it was entered; nothing was kept"
        case .notSignedInWithin(let seconds): "nobody signed in within \(seconds) s; nothing was kept"
        }
    }
}
