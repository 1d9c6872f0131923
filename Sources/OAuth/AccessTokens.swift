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
    private let lock: GrantFile?
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
    ///   - lock: The file that keeps the grant, when other processes may use it too: each refresh
    ///     holds its lock (``GrantFile/exclusively(_:)``) and starts from the refresh token the
    ///     file holds then, so that runs refreshing at once take turns, each with the token the
    ///     one before rotated into, on a server that takes each refresh token once.
    ///   - clock: The time (tests move it).
    public init(
        client: TokenClient, grant: GrantFile.Grant, keep: @escaping @Sendable (GrantFile.Grant) throws(OAuthError) -> Void,
        lock: GrantFile? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.grant = grant
        self.keep = keep
        self.lock = lock
        self.clock = clock
    }

    /// The refresh token in use now (rotated by the server, or taken up from the file).
    public var refreshToken: BearerToken { grant.refreshToken }

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
        let task = Task { [client, grant, keep, lock] () async throws -> Refreshed in
            guard let lock else { return try await Self.refresh(grant, with: client, keep: keep) }
            return try await lock.exclusively { () async throws(OAuthError) -> Refreshed in
                // Another process may have refreshed meanwhile, on a server that rotates: the
                // file has the token it rotated into (the same sign-in's, not a new one).
                var latest = grant
                if let kept = try? lock.load(), kept.issuer == grant.issuer, kept.clientID == grant.clientID, kept.account == grant.account {
                    latest.refreshToken = kept.refreshToken
                }
                return try await Self.refresh(latest, with: client, keep: keep)
            }
        }
        let waiting = Task { () async throws -> BearerToken in try await task.value.response.accessToken }
        refreshing = waiting
        defer { refreshing = nil }
        let refreshed: Refreshed
        do {
            refreshed = try await task.value
        } catch let error as OAuthError {
            throw error
        } catch {
            throw .malformed(source: client.metadata.tokenEndpoint.absoluteString, reason: "\(error)")
        }
        let response = refreshed.response
        // The token is usable whatever became of keeping the rotated refresh token, which is
        // then said by the error (the next run would find the old one spent).
        let said = TimeInterval(response.expiresIn ?? 0)
        // A life the server does not say, or says is none (0, negative), is taken as the
        // assumed one: a refusal still brings a refresh, and requests do not each refresh.
        let life = said > 0 ? said : Self.assumedLife
        current = (response.accessToken, clock().addingTimeInterval(life), min(Self.margin, life / 2))
        grant.refreshToken = refreshed.refreshToken
        if let unkept = refreshed.unkept { throw unkept }
        return response.accessToken
    }

    /// What a refresh brought: the answer, the refresh token to use from now on, and why a
    /// rotated one could not be kept, if it could not.
    private struct Refreshed: Sendable {
        var response: TokenResponse
        var refreshToken: BearerToken
        var unkept: OAuthError?
    }

    /// Refreshes `grant`, and keeps the refresh token the server rotated into.
    private static func refresh(
        _ grant: GrantFile.Grant, with client: TokenClient, keep: @Sendable (GrantFile.Grant) throws(OAuthError) -> Void
    ) async throws(OAuthError) -> Refreshed {
        let response = try await client.refresh(grant.refreshToken)
        guard let rotated = response.refreshToken, rotated != grant.refreshToken else {
            return Refreshed(response: response, refreshToken: grant.refreshToken)
        }
        var kept = grant
        kept.refreshToken = rotated
        do {
            try keep(kept)
            return Refreshed(response: response, refreshToken: rotated)
        } catch {
            return Refreshed(response: response, refreshToken: rotated, unkept: error)
        }
    }
}
