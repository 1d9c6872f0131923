import Basics
import CalDAV
import Foundation
import TestSupport
import Testing

@testable import CalDAVPublishing

/// Credentials come from a private file, the environment or ~/.netrc, never the command line.
@Suite("Finding credentials")
struct CredentialLookupTests {
    static let calendar = URL(string: "https://dav.example.com/calendars/ada/trips/")!

    @Test("netrc: the host's entry across lines and in any order, a login that matches --user, the default last, macros skipped")
    func netrc() {
        let text = """
            # comment line
            machine other.example.com login bob password hunter2
            macdef init
            machine dav.example.com login mallory password nope

            machine dav.example.com
              password s3cret login ada
            machine DAV.example.com login grace password amazing
            default login guest password guest
            """
        // A machine's entry that names no login is any login's.
        #expect(Netrc.entry(in: "machine a password p", host: "a", user: "b")?.password == "p")
        #expect(Netrc.entry(in: text, host: "dav.example.com", user: nil).map { [$0.login, $0.password] } == ["ada", "s3cret"])
        #expect(Netrc.entry(in: text, host: "dav.example.com", user: "grace").map { [$0.login, $0.password] } == ["grace", "amazing"])
        #expect(Netrc.entry(in: text, host: "elsewhere.example.com", user: nil).map { [$0.login, $0.password] } == ["guest", "guest"])
        #expect(Netrc.entry(in: "machine a login b password c", host: "x", user: nil) == nil)
    }

    @Test("a password file is read only when nobody else may read it; it comes before the environment and netrc")
    func order() throws {
        let folder = try TemporaryFolder("credentials")
        let netrc = try folder.write("netrc", "machine dav.example.com login ada password from-netrc\n")
        let file = try folder.write("password", "from-file\nsecond line\n")
        var lookup = CredentialLookup(environment: ["NETRC": netrc, "HOME": folder.path("")])
        #expect(try lookup.credentials(for: Self.calendar, user: nil, passwordFile: nil) == .init(user: "ada", password: "from-netrc"))
        lookup.environment[CredentialLookup.passwordVariable] = "from-environment"
        #expect(try lookup.credentials(for: Self.calendar, user: nil, passwordFile: nil) == .init(user: "ada", password: "from-environment"))

        chmod(file, 0o644)
        #expect(throws: CredentialLookup.LookupError.self) { try lookup.credentials(for: Self.calendar, user: "ada", passwordFile: file) }
        do {
            _ = try lookup.credentials(for: Self.calendar, user: "ada", passwordFile: file)
        } catch {
            #expect(error.description.contains("mode 644"))
            #expect(error.description.contains("chmod 600"))
        }
        chmod(file, 0o600)
        #expect(try lookup.credentials(for: Self.calendar, user: "ada", passwordFile: file) == .init(user: "ada", password: "from-file"))
    }

    @Test("no credentials anywhere is no credentials; a password without a user is an error")
    func missing() throws {
        let folder = try TemporaryFolder("credentials")
        let lookup = CredentialLookup(environment: ["HOME": folder.path(""), CredentialLookup.passwordVariable: "x"])
        #expect(throws: CredentialLookup.LookupError.self) { try lookup.credentials(for: Self.calendar, user: nil, passwordFile: nil) }
        let none = CredentialLookup(environment: ["HOME": folder.path("")])
        #expect(try none.credentials(for: Self.calendar, user: "ada", passwordFile: nil) == nil)
    }

    @Test("the state of each calendar and user has a file of its own under XDG_STATE_HOME")
    func statePath() {
        let environment = ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"]
        let path = PublishState.defaultPath(calendar: Self.calendar, user: "ada", environment: environment)
        #expect(path.hasPrefix("/state/reservation-feed/publish/dav.example.com-"))
        #expect(path.hasSuffix(".json"))
        #expect(path != PublishState.defaultPath(calendar: Self.calendar, user: "grace", environment: environment))
        #expect(PublishState.defaultPath(calendar: Self.calendar, user: "ada", environment: ["HOME": "/home/ada"]).hasPrefix("/home/ada/.local/state/"))
    }
}
