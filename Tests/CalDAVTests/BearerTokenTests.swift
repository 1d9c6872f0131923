import Basics
import Foundation
import OAuth
import TestSupport
import Testing

@testable import CalDAV

/// CalDAV with OAuth 2.0 bearer tokens (RFC 6750), as Google Calendar takes it, against Radicale
/// behind nginx, whose gate introspects every token at the test's authorization server
/// (``BearerCalDAVServer``): the token sent, a refused one replaced once and only once, no
/// request without one, none to another host, and a server's 429 with `Retry-After` told apart.
@Suite("Bearer tokens for CalDAV", .serialized)
struct BearerTokenTests {
    /// Tokens from a real sign-in (``AccessTokens``), each first one replaced by `wrong` when
    /// given; every refusal noted.
    actor Source: BearerTokenSource {
        let tokens: AccessTokens?
        var wrong: [String]
        var refusals: [String] = []
        var unavailable: BearerTokenError?

        init(_ tokens: AccessTokens?, wrong: [String] = [], unavailable: BearerTokenError? = nil) {
            self.tokens = tokens
            self.wrong = wrong
            self.unavailable = unavailable
        }

        func token() async throws(BearerTokenError) -> String {
            if let unavailable { throw unavailable }
            if !wrong.isEmpty { return wrong.removeFirst() }
            do {
                return try await tokens?.token().value ?? "none"
            } catch {
                throw BearerTokenError(reason: "\(error)", mayPass: false)
            }
        }

        func refused(_ token: String) async {
            refusals.append(token)
            await tokens?.refused(BearerToken(token))
        }
    }

    struct World {
        let authorization: OAuthTestServer
        let server: BearerCalDAVServer
        let tokens: AccessTokens
        let calendar: URL

        init(quota: Int? = nil) async throws {
            authorization = try OAuthTestServer()
            server = try await BearerCalDAVServer(authorization: authorization, quota: quota)
            let (client, response) = try await authorization.signIn(scopes: ["calendar"])
            let grant = GrantFile.Grant(
                issuer: client.metadata.issuer, clientID: authorization.clientID, account: "ada", scopes: ["calendar"],
                refreshToken: try #require(response.refreshToken))
            tokens = AccessTokens(client: client, grant: grant) { _ in }
            calendar = try await server.makeCalendar("trips", displayName: "Trips")
        }

        func client(_ source: Source) -> CalDAVClient {
            CalDAVClient(calendar: calendar, credentials: .bearer(user: "ada", source: source))
        }
    }

    static let event = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:b1\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300614T193000Z\r\nSUMMARY:Dinner\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)

    @Test("the token is sent and taken: the calendar checked, an event written and listed; without one the server answers 401")
    func accepted() async throws {
        guard BearerCalDAVServer.isAvailable else {
            Issue.record("nginx is not installed (.ci/setup tests installs it): the bearer CalDAV tests cannot run")
            return
        }
        let world = try await World()
        let client = world.client(Source(world.tokens))
        try await client.checkCalendar()
        _ = try await client.create("b1.ics", Self.event)
        #expect(try await client.events().map(\.url.lastPathComponent) == ["b1.ics"])
        #expect(world.server.events(in: "trips") == ["b1.ics"])
        let anonymous = CalDAVClient(calendar: world.calendar, credentials: nil)
        await #expect(throws: CalDAVError.refused(url: world.calendar.absoluteString, status: 401)) { try await anonymous.checkCalendar() }
    }

    @Test("a refused token is replaced once and the request made again; a second refusal stands, after exactly two tries")
    func refusedOnce() async throws {
        guard BearerCalDAVServer.isAvailable else { return }
        let world = try await World()
        let source = Source(world.tokens, wrong: ["revoked-token"])
        try await world.client(source).checkCalendar()
        #expect(await source.refusals == ["revoked-token"])
        #expect(world.server.requests.filter { $0.hasPrefix("401 ") }.count == 1)

        let stubborn = Source(nil, wrong: ["bad-1", "bad-2", "bad-3"])
        await #expect(throws: CalDAVError.refused(url: world.calendar.absoluteString, status: 401)) { try await world.client(stubborn).checkCalendar() }
        #expect(await stubborn.refusals == ["bad-1"])
        #expect(await stubborn.wrong == ["bad-3"])
        #expect(world.server.requests.filter { $0.hasPrefix("401 ") }.count == 3)
    }

    @Test("no token, no request: the source's reason is the error; a redirect to another host is not followed with the token")
    func withheld() async throws {
        guard BearerCalDAVServer.isAvailable else { return }
        let world = try await World()
        let gone = BearerTokenError(reason: "the sign-in of ada is gone", mayPass: false)
        let before = world.server.requests.count
        await #expect(throws: CalDAVError.noToken(url: world.calendar.absoluteString, reason: "the sign-in of ada is gone", mayPass: false)) {
            try await world.client(Source(nil, unavailable: gone)).checkCalendar()
        }
        #expect(world.server.requests.count == before)

        let moved = world.server.root.appendingPathComponent("moved/trips/")
        let client = CalDAVClient(calendar: moved, credentials: .bearer(user: "ada", source: Source(world.tokens)))
        let error = await #expect(throws: CalDAVError.self) { try await client.checkCalendar() }
        guard case .credentialsWithheld(let url, let reason) = error else {
            Issue.record("the token followed the redirect: \(String(describing: error))")
            return
        }
        #expect(url.hasPrefix("http://localhost:"))
        #expect(reason.contains("a token goes to that address alone") && !reason.contains("password"), "\(reason)")
        // Had the token followed, nginx would have logged the request at /ada/ too.
        #expect(world.server.requests == ["301 PROPFIND /moved/trips/"])
    }

    /// Makes `count` requests at once; the errors they ended with.
    static func together(_ count: Int, _ client: CalDAVClient) async -> [CalDAVError] {
        await withTaskGroup(of: CalDAVError?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do throws(CalDAVError) {
                        try await client.checkCalendar()
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [CalDAVError]()) { if let error = $1 { $0.append(error) } }
        }
    }

    @Test("a server over its quota answers 429 with Retry-After: waited out and asked again, each wait told; a wait longer than 30 s is the caller's, said as busy")
    func busy() async throws {
        guard BearerCalDAVServer.isAvailable else { return }
        let world = try await World(quota: 2)
        var client = world.client(Source(world.tokens))
        let waits = Locked<[Int]>([])
        client.waitedForBusy = { seconds in waits.withLock { $0.append(seconds) } }
        #expect(await Self.together(4, client) == [])
        // As long as asked (1 s), and longer at each try of one request (1, 2, 4 s).
        #expect(!waits.withLock { $0 }.isEmpty && waits.withLock { $0 }.allSatisfy { [1, 2, 4].contains($0) }, "\(waits.withLock { $0 })")
        #expect(world.server.requests.contains { $0.hasPrefix("429 ") })

        let authorization = world.authorization
        let patient = try await BearerCalDAVServer(authorization: authorization, quota: 1, retryAfter: 120)
        let calendar = try await patient.makeCalendar("trips", displayName: "Trips")
        let start = ContinuousClock.now
        let errors = await Self.together(4, CalDAVClient(calendar: calendar, credentials: .bearer(user: "ada", source: Source(world.tokens))))
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(error == .busy(url: calendar.absoluteString, status: 429, retryAfter: 120))
            #expect(error.isTransient && error.isServerWide)
        }
        #expect(ContinuousClock.now - start < .seconds(30))
    }
}
