import Foundation

/// The access tokens of one kept sign-in, for the requests a run makes: one is refreshed before
/// it expires (a minute ahead), and again, once, when a server refuses it; a refresh token the
/// server rotates is kept at once (``GrantFile``), so that the next run has it.
///
/// Concurrent requests share one token, and one refresh at a time: a refresh asked for while one
/// is under way waits for it.
public actor AccessTokens {
    private let client: TokenClient
    private var grant: GrantFile.Grant
    private let keep: @Sendable (GrantFile.Grant) throws(OAuthError) -> Void
    private let clock: @Sendable () -> Date
    /// The token in use, when it ends, and how long before its end it is replaced: a minute,
    /// or half its life when it lives two minutes or less (so that a short-lived token is not
    /// refreshed at every request).
    private var current: (token: BearerToken, expires: Date, margin: TimeInterval)?
    private var refreshing: Task<BearerToken, any Error>?

    /// How long before its end a token is replaced.
    static let margin: TimeInterval = 60
    /// A token's life when the server does not say.
    static let assumedLife: TimeInterval = 300

    /// Tokens of `grant`, from the server `client` speaks to.
    ///
    /// - Parameters:
    ///   - keep: Keeps the grant when its refresh token is rotated (``GrantFile/save(_:base:)``).
    ///   - clock: The time (tests move it).
    public init(
        client: TokenClient, grant: GrantFile.Grant, keep: @escaping @Sendable (GrantFile.Grant) throws(OAuthError) -> Void,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.grant = grant
        self.keep = keep
        self.clock = clock
    }

    /// A token good for at least a minute more.
    ///
    /// - Throws: The server's refusal (``OAuthError/grantIsGone`` when the person must sign in
    ///   again), or why it could not be reached.
    public func token() async throws(OAuthError) -> BearerToken {
        if let current, current.expires.timeIntervalSince(clock()) > current.margin { return current.token }
        do {
            return try await refreshed()
        } catch where !error.grantIsGone {
            // A provider away for a moment: a token still good is good enough meanwhile.
            if let current, current.expires > clock() { return current.token }
            throw error
        }
    }

    /// Says a server refused `token`: the next ``token()`` refreshes, unless a newer one came
    /// meanwhile. A caller tries again once with the new token, and gives up on a second refusal.
    public func refused(_ token: BearerToken) {
        if current?.token == token { current = nil }
    }

    private func refreshed() async throws(OAuthError) -> BearerToken {
        if let refreshing {
            do {
                return try await refreshing.value
            } catch let error as OAuthError {
                throw error
            } catch {
                throw .malformed(source: client.metadata.tokenEndpoint.absoluteString, reason: "\(error)")
            }
        }
        let task = Task { [client, grant] () async throws -> TokenResponse in try await client.refresh(grant.refreshToken) }
        let waiting = Task { () async throws -> BearerToken in try await task.value.accessToken }
        refreshing = waiting
        defer { refreshing = nil }
        let response: TokenResponse
        do {
            response = try await task.value
        } catch let error as OAuthError {
            throw error
        } catch {
            throw .malformed(source: client.metadata.tokenEndpoint.absoluteString, reason: "\(error)")
        }
        // The token is usable whatever becomes of keeping the rotated refresh token, which is
        // then said by the error (the next run would find the old one spent).
        let life = TimeInterval(response.expiresIn ?? Int(Self.assumedLife))
        current = (response.accessToken, clock().addingTimeInterval(life), min(Self.margin, life / 2))
        if let rotated = response.refreshToken, rotated != grant.refreshToken {
            grant.refreshToken = rotated
            try keep(grant)
        }
        return response.accessToken
    }
}
