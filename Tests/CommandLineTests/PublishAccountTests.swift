import Basics
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `publish` and `calendars` with `--account`: a sign-in kept by `account add`, its tokens sent to
/// a CalDAV server that takes nothing else (Radicale behind nginx, each token introspected at the
/// test's authorization server: ``BearerCalDAVServer``), refreshed and rotated from run to run, a
/// revoked sign-in said with the command that signs in again (once, by a follower, which takes up
/// a new sign-in at once), and every output searched for every token the server issued.
@Suite("publish with an OAuth 2.0 sign-in", .serialized)
struct PublishAccountTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let account = "ada@example.org"

    struct World {
        let authorization: OAuthTestServer
        let server: BearerCalDAVServer
        let folder: TemporaryFolder
        let inputs: String
        var environment: [String: String] { ["XDG_STATE_HOME": folder.path("state"), "HOME": folder.path("home"), "RESERVATION_FEED_SECRETS": "file"] }
        var grantFile: String { folder.path("state/reservation-feed/accounts/\(PublishAccountTests.account).json") }

        init(quota: Int? = nil) async throws {
            authorization = try OAuthTestServer()
            server = try await BearerCalDAVServer(authorization: authorization, quota: quota)
            _ = try await server.makeCalendar("trips", displayName: "Trips")
            folder = try TemporaryFolder("publish-account")
            inputs = folder.path("bookings")
            try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        }

        /// `account add` as a person runs it, the browser a script that follows the sign-in.
        func signIn() throws -> ProcessOutput {
            let browser = try folder.writeProgram(
                "browser", "#!/bin/sh\nexec python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()' \"$1\"\n")
            let output = try run(
                ["account", "add", authorization.issuer.absoluteString, PublishAccountTests.account, "--client", authorization.clientID, "--scope", "calendar"],
                extra: ["BROWSER": browser])
            #expect(output.status == 0, "\(output.standardError)")
            return output
        }

        func book(_ number: String, day: Int) throws {
            _ = try folder.write(
                "bookings/\(number).json",
                """
                {"reservations": [{"type": "restaurant", "reservationNumber": "\(number)", "startTime": "2030-06-\(String(format: "%02d", day))T19:30:00-07:00",
                  "partySize": 2, "place": {"name": "Dinner \(number)", "address": {"city": "San Francisco", "countryCode": "US"}}}]}
                """)
        }

        func run(_ arguments: [String], extra: [String: String] = [:]) throws -> ProcessOutput {
            try ProcessRunner.run(PublishAccountTests.tool, arguments, environment: environment.merging(extra) { $1 })
        }

        var publish: [String] {
            ["publish", inputs, "--account", PublishAccountTests.account, "--calendar", server.root.absoluteString, "--calendar-name", "Trips", "--now", "2030-06-01T09:00:00Z"]
        }

        var refreshToken: String? {
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: grantFile)))).flatMap { ($0 as? [String: Any])?["refresh_token"] as? String }
        }

        /// Revokes the kept sign-in at the server, as a person does in their account's settings.
        func revoke() async throws {
            var request = URLRequest(url: authorization.issuer.appendingPathComponent("revoke_token/"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("token=\(try #require(refreshToken))&client_id=\(authorization.clientID)".utf8)
            _ = try await URLSession.shared.data(for: request)
        }

        func expectNoToken(in outputs: [ProcessOutput], _ also: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let tokens = try authorization.issuedTokens()
            #expect(tokens.count >= 2, sourceLocation: sourceLocation)
            for token in tokens {
                for text in outputs.flatMap({ [$0.standardOutput, $0.standardError] }) + also {
                    #expect(!text.contains(token), "a token was printed", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("signed in once: calendars lists the account's calendars; publish writes every event, again with a refreshed token and the rotated refresh token kept")
    func publishes() async throws {
        guard BearerCalDAVServer.isAvailable else {
            Issue.record("nginx is not installed (.ci/setup tests installs it): publishing with a sign-in cannot be tested")
            return
        }
        let world = try await World()
        let signIn = try world.signIn()
        for day in 1...5 { try world.book("R\(day)", day: 10 + day) }

        let calendars = try world.run(["calendars", world.server.root.absoluteString, "--account", Self.account])
        #expect(calendars.status == 0, "\(calendars.standardError)")
        #expect(calendars.standardOutput.contains("Trips\t\(world.server.root.absoluteString)ada/trips/\tyes"), "\(calendars.standardOutput)")

        let first = try world.run(world.publish)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("5 created"), "\(first.standardError)")
        #expect(world.server.events(in: "trips").count == 5)
        let rotated = world.refreshToken

        try world.book("R9", day: 19)
        let second = try world.run(world.publish)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError.contains("1 created") && second.standardError.contains("5 unchanged"), "\(second.standardError)")
        #expect(world.server.events(in: "trips").count == 6)
        // Each run refreshed, and the server rotated the refresh token each time: the newest is kept.
        #expect(rotated != nil && world.refreshToken != nil && world.refreshToken != rotated)

        // A password beside a sign-in is a usage error; a sign-in nobody made is said.
        let both = try world.run(world.publish + ["--user", "ada"])
        #expect(both.status == 2 && both.standardError.contains("--account signs in with tokens; --user and --password-file are for a password"))
        let nobody = try world.run(world.publish.map { $0 == Self.account ? "bob@example.org" : $0 })
        #expect(nobody.status == 2 && nobody.standardError.contains("no sign-in is kept for bob@example.org: reservation-feed account add signs in"), "\(nobody.standardError)")
        // Another server than the issuer's: the token is not sent, whatever the address named.
        let elsewhere = try world.run(["calendars", "https://caldav.example.com/", "--account", Self.account])
        #expect(elsewhere.status == 2, "\(elsewhere.standardError)")
        #expect(
            elsewhere.standardError.contains("the sign-in of \(Self.account) is not used for caldav.example.com: its tokens go to servers of its issuer"),
            "\(elsewhere.standardError)")
        try world.expectNoToken(in: [signIn, calendars, first, second, both, nobody, elsewhere])
    }

    @Test("a revoked sign-in: publish exits 2 with the command that signs in again; a follower says it once, keeps the calendar, and takes up a new sign-in at once")
    func revoked() async throws {
        guard BearerCalDAVServer.isAvailable else { return }
        let world = try await World()
        let signIn = try world.signIn()
        try world.book("R1", day: 11)
        try await world.revoke()
        let once = try world.run(world.publish)
        #expect(once.status == 2)
        let again = "sign in again with reservation-feed account add \(world.authorization.issuer.absoluteString) \(Self.account) --client \(world.authorization.clientID) --scope calendar"
        #expect(once.standardError.contains("the sign-in of \(Self.account) is gone (the authorization server refused (invalid_grant)"), "\(once.standardError)")
        #expect(once.standardError.contains(again), "\(once.standardError)")
        #expect(world.server.events(in: "trips").isEmpty)

        // Signed in again, a follower publishes; revoked while it runs, it says so once however
        // many changes come, and publishes again as soon as the person signs in again.
        let second = try world.signIn()
        let follower = try AccountCommandTests.Running(world.publish + ["--follow", "--rescan", "1"], environment: world.environment)
        _ = try follower.waitFor(/(1 created)/)
        #expect(world.server.events(in: "trips").count == 1)
        // Holding tokens, it writes no core file should it crash.
        let limits = try String(contentsOfFile: "/proc/\(follower.process.processIdentifier)/limits", encoding: .utf8)
        #expect(limits.split(separator: "\n").contains { $0.hasPrefix("Max core file size") && $0.split(separator: " ").dropFirst(4).prefix(2) == ["0", "0"] }, "\(limits)")
        try await world.revoke()
        try world.book("R2", day: 12)
        _ = try follower.waitFor(/(is gone \(the authorization server refused)/)
        try world.book("R3", day: 13)
        try world.book("R4", day: 14)
        sleep(4)
        #expect(follower.errors.withLock { $0.components(separatedBy: "is gone (").count - 1 } == 1, "\(follower.errors.withLock { $0 })")
        #expect(world.server.events(in: "trips").count == 1)
        let third = try world.signIn()
        _ = try follower.waitFor(/(3 created)/)
        #expect(world.server.events(in: "trips").count == 4)
        kill(follower.process.processIdentifier, SIGTERM)
        let followed = follower.finish()
        #expect(followed.status == 0, "\(followed.standardError)")
        try world.expectNoToken(in: [signIn, once, second, third, followed])
    }

    @Test("a server over its quota (429 with Retry-After) is waited out: every event written, and the run says it waited")
    func quota() async throws {
        guard BearerCalDAVServer.isAvailable else { return }
        let world = try await World(quota: 3)
        _ = try world.signIn()
        for day in 1...12 { try world.book("Q\(day)", day: day) }
        let run = try world.run(world.publish)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(world.server.events(in: "trips").count == 12)
        #expect(world.server.requests.contains { $0.hasPrefix("429 ") })
        #expect(run.standardError.contains("12 created"))
        #expect(run.standardError.contains("the server asked to wait"), "\(run.standardError)")
    }
}
