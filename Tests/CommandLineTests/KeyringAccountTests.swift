import Foundation
import TestSupport
import Testing

/// A sign-in's token kept in the desktop's keyring: GNOME Keyring's Secret Service on a D-Bus
/// session of the test's own (`dbus-run-session`), unlocked as a desktop session unlocks it; the
/// token read back by `secret-tool` (libsecret's own client), used by `calendars` against the
/// token-only CalDAV server, and forgotten by `account remove`.
@Suite("A sign-in kept in the desktop's keyring", .serialized)
struct KeyringAccountTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    static var isAvailable: Bool {
        ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon", "/usr/bin/secret-tool"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
            && BearerCalDAVServer.isAvailable
    }

    @Test("account add keeps the token in the keyring and only a mark in its file; calendars uses it; account remove forgets it there too")
    func keyring() async throws {
        guard Self.isAvailable else {
            Issue.record("gnome-keyring, dbus-run-session, secret-tool or nginx is missing (.ci/setup tests installs them): the keyring cannot be tested")
            return
        }
        let authorization = try OAuthTestServer()
        let server = try await BearerCalDAVServer(authorization: authorization)
        _ = try await server.makeCalendar("trips", displayName: "Trips")
        let folder = try TemporaryFolder("keyring")
        let browser = try folder.writeProgram(
            "browser", "#!/bin/sh\nexec python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()' \"$1\"\n")
        let issuer = authorization.issuer.absoluteString
        let account = "ada@example.org"
        // One D-Bus session, one keyring, for the whole story; each step's output in a file of its own.
        let script = try folder.writeProgram(
            "story",
            """
            #!/bin/sh
            # A home of the test's own: the keyring daemon makes its login keyring there, with the
            # password it is unlocked with.
            export HOME='\(folder.path("home"))' XDG_DATA_HOME='\(folder.path("home/.local/share"))'
            mkdir -p "$XDG_DATA_HOME"
            # The keyring, unlocked as a desktop session unlocks it, in the foreground of its own so
            # that it can be stopped at the end; it answers once it holds its name on the bus.
            printf 'keyring-password' | gnome-keyring-daemon --foreground --unlock --components=secrets >keyring.log 2>&1 &
            keyring=$!
            for _ in $(seq 50); do
              dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
                string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true' && break
              sleep 0.1
            done
            export BROWSER='\(browser)' XDG_STATE_HOME='\(folder.path("state"))'
            cd '\(folder.url.path)'
            # Signed in first as typed in another case: the same account, whose item the next replaces.
            '\(Self.tool.path)' account add '\(issuer)' ADA@example.org --client \(authorization.clientID) --scope calendar >first.out 2>first.err
            '\(Self.tool.path)' account add '\(issuer)' \(account) --client \(authorization.clientID) --scope calendar >add.out 2>add.err; echo $? >add.status
            secret-tool lookup issuer '\(issuer)' account \(account) >keyring.token 2>/dev/null
            cp 'state/reservation-feed/accounts/\(account).json' grant.json
            '\(Self.tool.path)' account list >list.out 2>list.err
            '\(Self.tool.path)' calendars '\(server.root.absoluteString)' --account \(account) >calendars.out 2>calendars.err; echo $? >calendars.status
            '\(Self.tool.path)' account remove \(account) >remove.out 2>remove.err; echo $? >remove.status
            secret-tool lookup issuer '\(issuer)' account \(account) >forgotten.token 2>/dev/null
            secret-tool search --all issuer '\(issuer)' >left.txt 2>&1
            # SIGKILL: what the tests start may inherit SIGTERM ignored.
            kill -KILL $keyring
            # The session's bus (dbus-run-session's other child) outlives the story here: it is ended too.
            pkill -KILL -P $PPID -x dbus-daemon
            exit 0
            """)
        // The session's bus and keyring write to files, not to the test's pipes, which they would
        // hold open past the story's end.
        let run = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec /usr/bin/dbus-run-session -- \"$0\" >story.out 2>story.err </dev/null", script],
            currentDirectory: folder.url, environment: ["RESERVATION_FEED_SECRETS": ""])
        func read(_ name: String) -> String { (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? "" }
        #expect(run.status == 0, "\(read("story.err"))")
        #expect(read("add.status") == "0\n", "\(read("add.err"))")
        #expect(read("add.err").contains("its token in the desktop's keyring"), "\(read("add.err"))")
        let token = read("keyring.token").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!token.isEmpty, "the keyring holds no token")
        // The file says where the token is, and holds none.
        let grant = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("grant.json")))) as? [String: Any]
        #expect(grant?["refresh_token"] == nil && grant?["refresh_token_in"] as? String == "secret-service", "\(read("grant.json").count) bytes")
        #expect(!FileManager.default.fileExists(atPath: folder.path("state/reservation-feed/accounts/\(account).json")), "the grant file outlived account remove")
        #expect(read("list.out").contains("(token in the keyring)"), "\(read("list.out"))\(read("list.err"))")
        #expect(read("calendars.status") == "0\n" && read("calendars.out").contains("Trips"), "\(read("calendars.err"))")
        #expect(read("remove.status") == "0\n", "\(read("remove.err"))")
        #expect(read("forgotten.token").isEmpty, "the keyring still holds the token")
        #expect(read("add.err").contains("replacing the one kept before"), "\(read("add.err"))")
        #expect(!read("left.txt").contains("attribute."), "the keyring still holds an item of the sign-in: \(read("left.txt").count) bytes")
        let outputs = ["first.out", "first.err", "add.out", "add.err", "list.out", "list.err", "calendars.out", "calendars.err", "remove.out", "remove.err"].map(read)
        for issued in Set(try authorization.issuedTokens() + [token]) where !issued.isEmpty {
            #expect(!outputs.contains { $0.contains(issued) } && !run.standardOutput.contains(issued) && !run.standardError.contains(issued), "a token was printed")
        }
    }
}
