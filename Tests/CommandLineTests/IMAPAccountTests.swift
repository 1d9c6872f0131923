import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import TestSupport
import Testing

/// IMAP folders read through an OAuth 2.0 sign-in, as Gmail and Outlook.com demand: Dovecot's
/// `oauth2` passdb introspects each token at the test's authorization server (RFC 7662), by SASL
/// OAUTHBEARER (RFC 7628) and XOAUTH2 (Google's and Microsoft's); `reservation-feed` keeps the
/// sign-in and hands `reservation-feed-mail` an access token at each login, over its standard
/// input. Every output searched for every token the server issued.
@Suite("IMAP with an OAuth 2.0 sign-in", .serialized)
struct IMAPAccountTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let account = "ada@example.org"

    struct World {
        let authorization: OAuthTestServer
        let server: IMAPTestServer
        let folder: TemporaryFolder
        var environment: [String: String] {
            ["SSL_CERT_FILE": server.caFile, "XDG_CACHE_HOME": folder.path("cache"), "XDG_STATE_HOME": folder.path("state"), "HOME": folder.path("home"),
                "RESERVATION_FEED_SECRETS": "file",
            ]
        }
        var mailbox: String { "imaps://ada%40example.org@localhost:\(server.tlsPort)/INBOX" }

        init(mechanisms: [String]) throws {
            authorization = try OAuthTestServer()
            server = try IMAPTestServer(oauth: (authorization, mechanisms), login: IMAPAccountTests.account)
            folder = try TemporaryFolder("imap-oauth")
        }

        /// Runs the tool; `generate` with the keys that signed the repository's e-mails.
        func run(_ arguments: [String], extra: [String: String] = [:]) throws -> ProcessOutput {
            try ProcessRunner.run(
                IMAPAccountTests.tool, arguments + (arguments.first == "generate" ? Repository.dkimKeyOptions : []),
                environment: environment.merging(extra) { $1 })
        }

        func signIn() throws -> ProcessOutput {
            let browser = try folder.writeProgram(
                "browser", "#!/bin/sh\nexec python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()' \"$1\"\n")
            let output = try run(
                ["account", "add", authorization.issuer.absoluteString, IMAPAccountTests.account, "--client", authorization.clientID, "--scope", "mail"],
                extra: ["BROWSER": browser])
            #expect(output.status == 0, "\(output.standardError)")
            return output
        }

        /// Revokes the kept grant at the server, as a person does in their account's settings.
        func revokeKeptGrant() async throws {
            let grant = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.path("state/reservation-feed/accounts/\(IMAPAccountTests.account).json")))) as? [String: Any]
            var request = URLRequest(url: authorization.issuer.appendingPathComponent("revoke_token/"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("token=\(try #require(grant?["refresh_token"] as? String))&client_id=\(authorization.clientID)".utf8)
            _ = try await URLSession.shared.data(for: request)
        }

        func generate() throws -> ProcessOutput {
            try run(["generate", mailbox, "--output", folder.path("mail.ics"), "--now", "2030-01-01T00:00:00Z"])
        }

        /// No token the server issued (now, or before: `earlier`) is in any output.
        func expectNoToken(in outputs: [ProcessOutput], earlier: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let tokens = Set(try authorization.issuedTokens() + earlier)
            #expect(tokens.count >= 2, sourceLocation: sourceLocation)
            for token in tokens {
                for output in outputs {
                    #expect(!output.standardOutput.contains(token) && !output.standardError.contains(token), "a token was printed", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("a folder whose user has a kept sign-in is read with its token: OAUTHBEARER where offered, else XOAUTH2", arguments: [["oauthbearer", "xoauth2"], ["xoauth2"]])
    func readsWithToken(mechanisms: [String]) throws {
        let world = try World(mechanisms: mechanisms)
        try world.server.append([IMAPCommandTests.confirmed])
        let signIn = try world.signIn()
        let run = try world.generate()
        #expect(run.status == 0, "\(run.standardError)\n\(world.server.log.suffix(2000))")
        #expect(try String(contentsOfFile: world.folder.path("mail.ics"), encoding: .utf8).contains("SUMMARY:"))
        let method = mechanisms.first!.uppercased()
        #expect(world.server.log.contains("user=<\(Self.account)>, method=\(method)"), "\(world.server.log.suffix(2000))")
        try world.expectNoToken(in: [signIn, run])
    }

    @Test("a revoked sign-in: the folder cannot be read, said with the command that signs in again; without a sign-in, the password is looked for as before")
    func revoked() async throws {
        let world = try World(mechanisms: ["oauthbearer", "xoauth2"])
        try world.server.append([IMAPCommandTests.confirmed])
        let signIn = try world.signIn()
        // Revoked tokens leave the server's records: the ones it issued first are kept here.
        let issued = try world.authorization.issuedTokens()
        try await world.revokeKeptGrant()
        let run = try world.generate()
        #expect(run.status != 0)
        #expect(run.standardError.contains("the sign-in of \(Self.account) is gone"), "\(run.standardError)")
        #expect(run.standardError.contains("sign in again with reservation-feed account add"), "\(run.standardError)")

        _ = try world.run(["account", "remove", Self.account])
        let password = try world.run(["generate", world.mailbox, "--output", world.folder.path("mail.ics"), "--now", "2030-01-01T00:00:00Z"], extra: ["RESERVATION_FEED_IMAP_PASSWORD": IMAPTestServer.password])
        #expect(password.status == 0, "\(password.standardError)")
        try world.expectNoToken(in: [signIn, run, password], earlier: issued)
    }

    @Test("serve watches a folder through the sign-in: its watch asks for a token at each login, and new mail reaches the feed")
    func watched() throws {
        let world = try World(mechanisms: ["oauthbearer", "xoauth2"])
        try world.server.append([IMAPCommandTests.confirmed])
        let signIn = try world.signIn()
        let feed = world.folder.path("served.ics")
        let serve = try AccountCommandTests.Running(
            ["serve", world.mailbox, "--output", feed, "--port", "0", "--now", "2030-01-01T00:00:00Z"] + Repository.dkimKeyOptions, environment: world.environment)
        func waitForFeed(containing text: String) -> Bool {
            for _ in 0..<300 {
                if ((try? String(contentsOfFile: feed, encoding: .utf8)) ?? "").contains(text) { return true }
                usleep(100_000)
            }
            return false
        }
        #expect(waitForFeed(containing: "EPIC Steak"), "\(serve.errors.withLock { $0 })")
        try world.server.append([IMAPCommandTests.hotel])
        #expect(waitForFeed(containing: "Hotel Norge"), "\(serve.errors.withLock { $0 })\n\(world.server.log.suffix(1500))")
        let logins = world.server.log.components(separatedBy: "method=OAUTHBEARER").count - 1
        #expect(logins >= 2, "\(world.server.log.suffix(1500))")
        kill(serve.process.processIdentifier, SIGTERM)
        let served = serve.finish()
        try world.expectNoToken(in: [signIn, served])
    }

    @Test("serve started with a revoked sign-in keeps the feed it has, says so once, and goes on serving")
    func serveRevoked() async throws {
        let world = try World(mechanisms: ["oauthbearer", "xoauth2"])
        try world.server.append([IMAPCommandTests.confirmed])
        let signIn = try world.signIn()
        let first = try world.generate()
        #expect(first.status == 0, "\(first.standardError)")
        let feed = world.folder.path("mail.ics")
        let before = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(before.contains("EPIC Steak"))
        let issued = try world.authorization.issuedTokens()
        try await world.revokeKeptGrant()

        let serve = try AccountCommandTests.Running(
            ["serve", world.mailbox, "--output", feed, "--port", "0", "--now", "2030-01-01T00:00:00Z"] + Repository.dkimKeyOptions, environment: world.environment)
        let said = try serve.waitFor(/(the sign-in of \S+ is gone)/)
        #expect(said == "the sign-in of \(Self.account) is gone")
        try await Task.sleep(for: .seconds(3))
        #expect(serve.process.isRunning, "\(serve.errors.withLock { $0 })")
        #expect(try String(contentsOfFile: feed, encoding: .utf8).contains("EPIC Steak"), "\(serve.errors.withLock { $0 })")
        kill(serve.process.processIdentifier, SIGTERM)
        let served = serve.finish()
        #expect(served.standardError.components(separatedBy: "is gone").count - 1 == 1, "\(served.standardError)")
        try world.expectNoToken(in: [signIn, first, served], earlier: issued)
    }
}
