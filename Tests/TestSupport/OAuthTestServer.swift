import Foundation

/// An OAuth 2.0 authorization server on loopback (`Tests/Tools/oauth_server.py`:
/// django-oauth-toolkit, from PyPI), for the sign-in, refresh, revocation and introspection the
/// OAuth tests go through: a public client `reservation-feed-test` with PKCE required and
/// loopback redirects on any port, a user signed in by itself, and a client `introspector` that
/// introspects tokens as a resource server would. Stopped when the value goes away.
public final class OAuthTestServer: @unchecked Sendable {  // the process is only stopped, in deinit
    /// `http://127.0.0.1:PORT/o`.
    public let issuer: URL
    /// The public client's identifier.
    public let clientID = "reservation-feed-test"
    /// The introspecting client's identifier and secret (RFC 7662's caller).
    public let introspector = (id: "introspector", secret: "introspector-secret")
    private let process: Process
    private let state: TemporaryFolder

    /// Starts it; access tokens last `accessSeconds`.
    public init(accessSeconds: Int = 3600) throws {
        state = try TemporaryFolder("oauth-server")
        let (process, port) = try ProcessRunner.startServer(
            Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/oauth_server.py").path, state.path("server"), String(accessSeconds)])
        self.process = process
        issuer = URL(string: "http://127.0.0.1:\(port)/o")!
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
