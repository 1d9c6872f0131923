import Basics
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `reservation-feed account`, run as a person runs it against a real OAuth 2.0 authorization
/// server on loopback (django-oauth-toolkit, `OAuthTestServer`): the sign-in through a browser
/// (a script standing for one, named by `BROWSER`), through an address printed for the person, and
/// on another device; the sign-in kept, listed, revoked and forgotten; and every output searched
/// for every token the server issued.
@Suite("The account command", .serialized)
struct AccountCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    /// The command running, its standard error gathered as it comes.
    final class Running: @unchecked Sendable {
        let process = Process()
        let errors = Locked("")
        let output = Locked("")

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = AccountCommandTests.tool
            process.arguments = arguments
            // Not this machine's desktop: no browser is started unless the test names one.
            var base = ProcessInfo.processInfo.environment
            for name in ["DISPLAY", "WAYLAND_DISPLAY", "BROWSER"] { base[name] = nil }
            process.environment = base.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            for (pipe, text) in [(Pipe(), errors), (Pipe(), output)] {
                if text === errors { process.standardError = pipe } else { process.standardOutput = pipe }
                pipe.fileHandleForReading.readabilityHandler = { handle in
                    let data = handle.availableData
                    text.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
            }
            try process.run()
        }

        /// The first match of `pattern` in what it said, once it has said it (within 30 s).
        func waitFor(_ pattern: Regex<(Substring, Substring)>) throws -> String {
            let start = Date()
            while Date().timeIntervalSince(start) < 30 {
                if let match = errors.withLock({ $0.firstMatch(of: pattern) }) { return String(match.1) }
                guard process.isRunning else { break }
                usleep(50_000)
            }
            throw ProcessRunner.NotStarted(description: "never said \(pattern): \(errors.withLock { $0 })")
        }

        /// Waits for it to end.
        func finish() -> ProcessOutput {
            process.waitUntilExit()
            usleep(100_000)  // the last bytes of the pipes
            return ProcessOutput(status: process.terminationStatus, standardOutput: output.withLock { $0 }, standardError: errors.withLock { $0 })
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// A test's world: the server, a state folder, and a browser that follows the sign-in.
    struct World {
        let server: OAuthTestServer
        let folder: TemporaryFolder
        let browser: String
        // Sign-ins in files: a desktop's keyring, where one runs, is KeyringAccountTests'.
        var environment: [String: String] { ["XDG_STATE_HOME": folder.path("state"), "HOME": folder.path("home"), "RESERVATION_FEED_SECRETS": "file"] }
        var grants: String { folder.path("state/reservation-feed/accounts") }

        init() throws {
            server = try OAuthTestServer()
            folder = try TemporaryFolder("account")
            // The browser: opens the address, follows the server's redirect to the loopback
            // listener, and keeps the page it was shown.
            browser = try folder.writeProgram(
                "browser",
                """
                #!/bin/sh
                exec python3 -c 'import sys, urllib.request; open(sys.argv[2], "w").write(urllib.request.urlopen(sys.argv[1]).read().decode())' "$1" \(folder.path("page.html"))
                """)
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessOutput {
            try ProcessRunner.run(AccountCommandTests.tool, arguments, environment: environment.merging(extra) { $1 })
        }

        /// Every token the server issued, none of which any output may hold.
        func expectNoToken(in outputs: [ProcessOutput], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let tokens = try server.issuedTokens()
            #expect(!tokens.isEmpty, sourceLocation: sourceLocation)
            for output in outputs {
                for token in tokens {
                    #expect(!output.standardOutput.contains(token) && !output.standardError.contains(token), "a token was printed", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Asks the token endpoint for new tokens with `refreshToken`; the error code it answers, or
    /// `nil` for tokens.
    static func refreshError(_ server: OAuthTestServer, _ refreshToken: String) async throws -> String? {
        var request = URLRequest(url: server.issuer.appendingPathComponent("token/"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("grant_type=refresh_token&client_id=\(server.clientID)&refresh_token=\(refreshToken)".utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["error"] as? String
    }

    @Test("account add signs in through the browser BROWSER names, checks the ID token's address, keeps the grant 0600; list shows it; remove revokes it")
    func browserSignIn() async throws {
        let world = try World()
        let issuer = world.server.issuer.absoluteString
        let add = try world.run(
            ["account", "add", issuer, "Ada@example.org", "--client", world.server.clientID, "--scope", "calendar", "--scope", "mail"],
            environment: ["BROWSER": world.browser])
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardError.contains("A browser was opened to sign in as Ada@example.org"))
        #expect(add.standardError.contains("Signed in as Ada@example.org. The sign-in is kept in \(world.grants)/ada@example.org.json."), "\(add.standardError)")
        #expect(add.standardError.contains("Use it with --account Ada@example.org"))
        #expect(try String(contentsOfFile: world.folder.path("page.html"), encoding: .utf8).contains("Signed in. You can close this page"))
        var status = stat()
        #expect(stat(world.grants + "/ada@example.org.json", &status) == 0 && status.st_mode & 0o777 == 0o600)
        let kept = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: world.grants + "/ada@example.org.json"))) as? [String: Any])
        #expect(kept["issuer"] as? String == issuer)
        #expect(kept["scopes"] as? [String] == ["calendar", "mail", "openid", "email"])
        let refreshToken = try #require(kept["refresh_token"] as? String)

        let list = try world.run(["account", "list"])
        #expect(list.status == 0)
        #expect(list.standardOutput == "Ada@example.org\t\(issuer)\tcalendar mail\t\(world.grants)/ada@example.org.json\n")

        // Signing in again replaces the grant, and says so.
        let again = try world.run(
            ["account", "add", issuer, "ada@example.org", "--client", world.server.clientID, "--scope", "calendar"], environment: ["BROWSER": world.browser])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("replacing the one kept before"))
        let replaced = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: world.grants + "/ada@example.org.json"))) as? [String: Any])
        let secondToken = try #require(replaced["refresh_token"] as? String)
        #expect(secondToken != refreshToken)
        // The grant it replaced is revoked: no live grant is left that nothing here knows of.
        #expect(try await Self.refreshError(world.server, refreshToken) == "invalid_grant")

        let remove = try world.run(["account", "remove", "ADA@example.org"])
        #expect(remove.status == 0, "\(remove.standardError)")
        #expect(remove.standardError.contains("Forgot the sign-in of ada@example.org, and revoked it at its provider."))
        #expect(!FileManager.default.fileExists(atPath: world.grants + "/ada@example.org.json"))
        #expect(try await Self.refreshError(world.server, secondToken) == "invalid_grant")
        let none = try world.run(["account", "list"])
        #expect(none.status == 0 && none.standardOutput.isEmpty && none.standardError.contains("No sign-in is kept"))
        let gone = try world.run(["account", "remove", "ada@example.org"])
        #expect(gone.status == 2 && gone.standardError.contains("error: no sign-in is kept for ada@example.org"))
        try world.expectNoToken(in: [add, list, again, remove, none, gone])
    }

    @Test("without a browser the address is printed and the sign-in waits for it; nobody coming back ends it with exit 2 and nothing kept")
    func printedAddress() async throws {
        let world = try World()
        let running = try Running(
            ["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", world.server.clientID, "--scope", "mail"],
            environment: world.environment)
        let address = try running.waitFor(/open this address in a browser on this machine:\n\n  (\S+)\n/)
        #expect(address.hasPrefix(world.server.issuer.absoluteString + "/authorize/?response_type=code&client_id=reservation-feed-test"))
        #expect(address.contains("code_challenge_method=S256") && address.contains("login_hint=ada@example.org"))
        _ = try await URLSession.shared.data(from: try #require(URL(string: address)))
        let signedIn = running.finish()
        #expect(signedIn.status == 0, "\(signedIn.standardError)")
        #expect(FileManager.default.fileExists(atPath: world.grants + "/ada@example.org.json"))

        let late = try world.run(["account", "add", world.server.issuer.absoluteString, "bob@example.org", "--client", world.server.clientID, "--scope", "mail", "--timeout", "1"])
        #expect(late.status == 2)
        #expect(late.standardError.contains("error: the sign-in could not be received on this machine's loopback: no browser came back within 1 s"))
        #expect(!FileManager.default.fileExists(atPath: world.grants + "/bob@example.org.json"))
        try world.expectNoToken(in: [signedIn, late])
    }

    @Test("a sign-in as another account than the one named is refused, revoked and not kept")
    func anotherAccount() throws {
        let world = try World()
        let add = try world.run(
            ["account", "add", world.server.issuer.absoluteString, "bob@example.org", "--client", world.server.clientID, "--scope", "mail"],
            environment: ["BROWSER": world.browser])
        #expect(add.status == 2)
        #expect(
            add.standardError.contains(
                "error: the browser signed in as ada@example.org, not bob@example.org; nothing was kept (sign in as bob@example.org, or name ada@example.org)"),
            "\(add.standardError)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: world.grants)) ?? [] == [])
        try world.expectNoToken(in: [add])
    }

    @Test("--device shows an address and a code; entered and allowed elsewhere, the sign-in is kept; denied, exit 2")
    func device() async throws {
        let world = try World()
        let arguments = ["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", world.server.deviceClientID, "--scope", "mail", "--device"]
        let running = try Running(arguments, environment: world.environment)
        let code = try running.waitFor(/on any device and enter the code (\S+) \(it lasts 5 min\)/)
        #expect(running.errors.withLock { $0 }.contains("open \(world.server.issuer.absoluteString)/device/ on any device"))
        try await world.server.decideDevice(userCode: code, allow: true)
        let allowed = running.finish()
        #expect(allowed.status == 0, "\(allowed.standardError)")
        // No ID token comes with the device grant here: the account is as named, and said to be.
        #expect(allowed.standardError.contains("Signed in as ada@example.org (the provider did not say which account signed in: make sure it was this one)."))
        #expect(FileManager.default.fileExists(atPath: world.grants + "/ada@example.org.json"))

        let declining = try Running(arguments.replacing(["ada@example.org"], with: ["ada.lovelace@example.org"]), environment: world.environment)
        try await world.server.decideDevice(userCode: try declining.waitFor(#/enter the code (\S+) /#), allow: false)
        let denied = declining.finish()
        #expect(denied.status == 2)
        #expect(denied.standardError.contains("error: the authorization server refused (access_denied)"), "\(denied.standardError)")
        try world.expectNoToken(in: [allowed, denied])
    }

    @Test("what cannot sign in is said before anything starts: an unknown provider, an issuer without scopes, a client file that is not one; an unreadable grant is said by list")
    func refusals() throws {
        let world = try World()
        let unknown = try world.run(["account", "add", "gmail", "ada@gmail.com", "--client", "x"])
        #expect(unknown.status == 2 && unknown.standardError.contains("the provider is google, microsoft, or an issuer's address (https://…); 'gmail' is none"))
        let noScope = try world.run(["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", "x"])
        #expect(noScope.status == 2 && noScope.standardError.contains("a server named by its address needs --scope"))
        let notClient = try world.run(["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", world.browser, "--scope", "mail"])
        #expect(notClient.status == 2 && notClient.standardError.contains("error: the client's registration cannot be used: the client file is not JSON"), "\(notClient.standardError)")
        let missing = try world.run(["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", "./client_secret_1.json", "--scope", "mail"])
        #expect(missing.status == 2 && missing.standardError.contains("./client_secret_1.json: no such file"), "\(missing.standardError)")
        let folder = try world.run(["account", "add", world.server.issuer.absoluteString, "ada@example.org", "--client", world.folder.url.path, "--scope", "mail"])
        #expect(folder.status == 2 && folder.standardError.contains("is a folder: the client is a client_secret_….json file in it"), "\(folder.standardError)")
        let forever = try world.run(["account", "add", "google", "ada@gmail.com", "--client", "x", "--timeout", "10000000000000000"])
        #expect(forever.status == 2 && forever.standardError.contains("--timeout is a number of seconds from 1 to 86400"), "\(forever.standardError)")
        let long = try world.run(["account", "add", "google", String(repeating: "a", count: 300) + "@gmail.com", "--client", "x"])
        #expect(long.status == 2 && long.standardError.contains("the account is too long"), "\(long.standardError)")

        try FileManager.default.createDirectory(atPath: world.grants, withIntermediateDirectories: true)
        _ = try world.folder.write("state/reservation-feed/accounts/ada@example.org.json", "{}")
        chmod(world.folder.path("state/reservation-feed/accounts/ada@example.org.json"), 0o644)
        let list = try world.run(["account", "list"])
        #expect(list.status == 1)
        #expect(list.standardError.contains("ada@example.org.json can be read by others (mode 644); chmod 600 it, or sign in again"), "\(list.standardError)")
    }
}
