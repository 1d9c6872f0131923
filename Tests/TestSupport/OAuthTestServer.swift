import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An OAuth 2.0 authorization server on loopback (`Tests/Tools/oauth_server.py`:
/// django-oauth-toolkit, from PyPI), for the sign-in, refresh, revocation and introspection the
/// OAuth tests go through: a public client `reservation-feed-test` with PKCE required and
/// loopback redirects on any port, a user signed in by itself, and a client `introspector` that
/// introspects tokens as a resource server would; a second public client,
/// `reservation-feed-device`, signs in on another device (RFC 8628). Stopped when the value goes
/// away.
public final class OAuthTestServer: @unchecked Sendable {  // the process is only stopped, in deinit
    /// `http://127.0.0.1:PORT/o`.
    public let issuer: URL
    /// The public client's identifier.
    public let clientID = "reservation-feed-test"
    /// The public client that signs in on another device.
    public let deviceClientID = "reservation-feed-device"
    /// The address the user's ID tokens name.
    public let userAddress = "ada@example.org"
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

    /// Every access and refresh token the server has issued so far (from its database), for
    /// searching outputs for them.
    public func issuedTokens() throws -> [String] {
        let query = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for table in ("oauth2_provider_accesstoken", "oauth2_provider_refreshtoken"):
                for (token,) in db.execute(f"select token from {table}"):
                    print(token)
            """
        let output = try ProcessRunner.run(Repository.url("Tests/Tools/python"), ["-c", query, state.path("server/db.sqlite3")])
        return output.standardOutput.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The person entering a device sign-in's code at the verification address and allowing it
    /// (or denying it), as the user.
    public func decideDevice(userCode: String, allow: Bool) async throws {
        var components = URLComponents(url: issuer.deletingLastPathComponent().appendingPathComponent("test/device"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "user_code", value: userCode), URLQueryItem(name: "decision", value: allow ? "allow" : "deny")]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw ProcessRunner.NotStarted(description: "the test server took no decision for \(userCode)")
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
