import Basics
import Foundation
import TestSupport
import Testing

@testable import OAuth

@Suite("Access tokens kept fresh for a run")
struct AccessTokensTests {
    @Test("one token while it lasts, a refresh a minute before its end or after a refusal, one refresh for many askers, a rotated refresh token kept, a revoked grant said")
    func fresh() async throws {
        let server = try OAuthTestServer(accessSeconds: 3600)
        let (client, signedIn) = try await server.signIn()
        let grant = GrantFile.Grant(
            issuer: client.metadata.issuer, clientID: server.clientID, account: "ada", scopes: signedIn.scopes ?? [],
            refreshToken: try #require(signedIn.refreshToken))
        let now = Locked(Date())
        let kept = Locked<[GrantFile.Grant]>([])
        let tokens = AccessTokens(client: client, grant: grant, keep: { grant in kept.withLock { $0.append(grant) } }, clock: { now.withLock { $0 } })

        let first = try await tokens.token()
        #expect(try await tokens.token() == first)
        #expect(kept.withLock { $0.count } == 1, "the first refresh rotated the refresh token, which is kept")

        // Within a minute of its end, the token is replaced.
        now.withLock { $0 = $0.addingTimeInterval(3550) }
        let second = try await tokens.token()
        #expect(second != first && kept.withLock { $0.count } == 2)
        #expect(kept.withLock { $0.last?.refreshToken } != grant.refreshToken)

        // A refused token is replaced once; a refusal of an older one changes nothing.
        await tokens.refused(second)
        let third = try await tokens.token()
        #expect(third != second)
        await tokens.refused(first)
        #expect(try await tokens.token() == third)

        // Many askers at once: one refresh.
        now.withLock { $0 = $0.addingTimeInterval(7200) }
        let before = kept.withLock { $0.count }
        let all = try await withThrowingTaskGroup(of: BearerToken.self) { group in
            for _ in 0..<8 { group.addTask { try await tokens.token() } }
            return try await group.reduce(into: Set<BearerToken>()) { $0.insert($1) }
        }
        #expect(all.count == 1 && kept.withLock { $0.count } == before + 1)

        // Revoked, the grant is gone, and said so without a token.
        try await client.revoke(try #require(kept.withLock { $0.last?.refreshToken }))
        await tokens.refused(try #require(all.first))
        let error = await #expect(throws: OAuthError.self) { try await tokens.token() }
        #expect(error?.grantIsGone == true)
    }
}

extension AccessTokensTests {
    @Test("a token that lives a minute is replaced at half its life, not at every request; a provider away keeps a token still good in use")
    func shortLived() async throws {
        var server: OAuthTestServer? = try OAuthTestServer(accessSeconds: 60)
        let (client, signedIn) = try await try #require(server).signIn()
        let grant = GrantFile.Grant(
            issuer: client.metadata.issuer, clientID: "reservation-feed-test", account: "ada", scopes: signedIn.scopes ?? [],
            refreshToken: try #require(signedIn.refreshToken))
        let now = Locked(Date())
        let tokens = AccessTokens(client: client, grant: grant, keep: { _ in }, clock: { now.withLock { $0 } })
        let first = try await tokens.token()
        now.withLock { $0 = $0.addingTimeInterval(20) }
        #expect(try await tokens.token() == first)
        now.withLock { $0 = $0.addingTimeInterval(15) }
        let second = try await tokens.token()
        #expect(second != first)

        // The provider goes away: the token in use (good until 60 s after its refresh) serves
        // until its end, and then the provider's absence is said.
        server = nil
        now.withLock { $0 = $0.addingTimeInterval(35) }
        #expect(try await tokens.token() == second)
        now.withLock { $0 = $0.addingTimeInterval(30) }
        let error = await #expect(throws: OAuthError.self) { try await tokens.token() }
        #expect(error?.mayPass == true)
    }
}

extension AccessTokensTests {
    @Test("runs sharing a sign-in on a server that takes each refresh token once take turns: each refreshes from the token the one before rotated into, and none finds the sign-in gone")
    func sharedAcrossRuns() async throws {
        let server = try OAuthTestServer(accessSeconds: 3600)
        let (client, signedIn) = try await server.signIn()
        let folder = try TemporaryFolder("shared-grant")
        let store = AccountStore(base: folder.path("reservation-feed"))
        let grant = GrantFile.Grant(
            issuer: client.metadata.issuer, clientID: server.clientID, account: "ada", scopes: signedIn.scopes ?? [],
            refreshToken: try #require(signedIn.refreshToken))
        try store.save(grant)
        // Six runs, each with its own tokens (as six processes have), all starting from the token
        // the file held when they started. (Without the lock, all but one are refused: the
        // server takes each refresh token once.)
        let runs = (0..<6).map { _ in
            AccessTokens(client: client, grant: grant, keep: { rotated throws(OAuthError) in try store.save(rotated) }, lock: store.file(for: "ada"))
        }
        let tokens = try await withThrowingTaskGroup(of: BearerToken.self) { group in
            for run in runs { group.addTask { try await run.token() } }
            return try await group.reduce(into: Set<BearerToken>()) { $0.insert($1) }
        }
        #expect(tokens.count == 6)
        // The file holds the last rotation, which still refreshes.
        let kept = try store.grant(for: "ada")
        #expect(kept.refreshToken != grant.refreshToken)
        _ = try await client.refresh(kept.refreshToken)
        // The lock is a file of its own, beside the grant, holding nothing.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder).sorted() == [".ada.json.lock", "ada.json"])
    }
}
