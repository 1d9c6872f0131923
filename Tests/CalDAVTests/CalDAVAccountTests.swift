import CalDAV
import Foundation
import TestSupport
import Testing

/// Finding an account's calendars from the server's address, against the servers the tests start.
@Suite("Finding and making an account's calendars", .serialized)
struct CalDAVAccountTests {
    static let credentials = CalDAVClient.Credentials(user: CalDAVTestServer.user, password: CalDAVTestServer.password)

    static func server(_ kind: CalDAVTestServer.Kind) async throws -> CalDAVTestServer? {
        guard CalDAVTestServer.isAvailable(kind) else {
            Issue.record("\(kind) is not installed in the tools' environment (Tests/Tools/python installs it with pip): discovery was not tried against it")
            return nil
        }
        return try await CalDAVTestServer(kind)
    }

    @Test("from the server's root: the principal, the calendar home and its calendars with names and kinds; a calendar made by name is found again", arguments: CalDAVTestServer.Kind.allCases)
    func fromRoot(kind: CalDAVTestServer.Kind) async throws {
        guard let server = try await Self.server(kind) else { return }
        let trips = try await server.makeCalendar("trips", displayName: "Trips")
        let todo = try await server.makeCalendar("todo", displayName: "To do", components: ["VTODO"])
        let account = CalDAVAccount(address: server.root, credentials: Self.credentials)

        var directory = try await account.discover()
        #expect(directory.homes == [server.nonCalendar])
        let found = Dictionary(directory.calendars.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(found[trips]?.displayName == "Trips")
        #expect(found[trips]?.isUsable == true)
        #expect(found[todo]?.acceptsEvents == false)
        #expect(found[todo]?.name == "To do")

        #expect(try await account.calendar(at: trips)?.url == trips)
        #expect(try await account.calendar(at: server.root) == nil)
        #expect(try await account.calendar(at: server.nonCalendar) == nil)

        let made = try await account.makeCalendar(named: "Trips & Tours <2027>", in: directory)
        #expect(made.url == server.nonCalendar.appendingPathComponent("trips-tours-2027/"))
        directory = try await account.discover()
        let again = try #require(directory.calendars.first { $0.url == made.url })
        // DAViCal keeps the name as the XML had it, entities and all.
        #expect(again.displayName == (kind == .davical ? "Trips &amp; Tours &lt;2027&gt;" : "Trips & Tours <2027>"))
        #expect(again.name == "Trips & Tours <2027>")
        #expect(again.isUsable)
        // A second calendar of a name whose path is taken gets the next free one.
        let second = try await account.makeCalendar(named: "trips", in: directory)
        #expect(second.url == server.nonCalendar.appendingPathComponent("trips-2/"))
        try await CalDAVClient(calendar: second.url, credentials: Self.credentials).checkCalendar()
    }

    @Test("a root that is no DAV whose /.well-known/caldav redirects to another port: the password does not follow, and the error says where")
    func wellKnownElsewhere() async throws {
        guard let server = try await Self.server(.radicale) else { return }
        _ = try await server.makeCalendar("trips", displayName: "Trips")
        let door = try RedirectServer(.wellKnown, to: server.root.absoluteString)
        do {
            _ = try await CalDAVAccount(address: door.root, credentials: Self.credentials).discover()
            Issue.record("the password followed a redirect to another port")
        } catch {
            guard case .credentialsWithheld(let url, let reason) = error else {
                Issue.record("expected the password withheld, got \(error)")
                return
            }
            #expect(url.hasPrefix(server.root.absoluteString), "\(url)")
            #expect(reason.contains("is not the address named"), "\(reason)")
        }
        // Named directly, the server is found.
        let directory = try await CalDAVAccount(address: server.root, credentials: Self.credentials).discover()
        #expect(directory.calendars.count == 1)
    }

    @Test("a service moved to another address of this machine (every path redirected): the password does not follow")
    func movedService() async throws {
        guard let server = try await Self.server(.radicale) else { return }
        _ = try await server.makeCalendar("trips", displayName: "Trips")
        for moved in ["http://localhost:\(server.root.port!)", "http://127.0.0.2:\(server.root.port!)"] {
            let door = try RedirectServer(.everything, to: moved)
            let account = CalDAVAccount(address: door.root.appendingPathComponent("\(CalDAVTestServer.user)/trips/"), credentials: Self.credentials)
            await #expect(throws: CalDAVError.self) { _ = try await account.calendar(at: account.address) }
            do {
                _ = try await account.calendar(at: account.address)
            } catch {
                guard case .credentialsWithheld = error else {
                    Issue.record("expected the password withheld, got \(error)")
                    continue
                }
            }
        }
    }

    @Test("a redirect to another domain, or from HTTPS to plain HTTP: the password is not sent, and the error says where and why")
    func credentialsStayHome() async throws {
        let elsewhere = try RedirectServer(.everything, to: "https://calendar.example.net")
        let account = CalDAVAccount(address: elsewhere.root, credentials: Self.credentials)
        do {
            _ = try await account.discover()
            Issue.record("the redirect to another domain was followed with the password")
        } catch {
            guard case .credentialsWithheld(let url, let reason) = error else {
                Issue.record("expected the password withheld, got \(error)")
                return
            }
            #expect(url == "https://calendar.example.net/")
            #expect(reason.contains("only over https://") || reason.contains("neither the host named"), "\(reason)")
        }
        // Without credentials the same redirect is followed (and here finds no server).
        await #expect(throws: CalDAVError.self) { _ = try await CalDAVAccount(address: elsewhere.root, credentials: nil).discover() }
    }

    @Test("refused credentials and a server with no account say so")
    func failures() async throws {
        guard let server = try await Self.server(.radicale) else { return }
        let wrong = CalDAVAccount(address: server.root, credentials: .init(user: CalDAVTestServer.user, password: "wrong"))
        await #expect(throws: CalDAVError.refused(url: server.root.absoluteString, status: 401)) { _ = try await wrong.discover() }
        do {
            _ = try await CalDAVAccount(address: URL(string: "http://127.0.0.1:1/")!, credentials: Self.credentials).discover()
            Issue.record("an account was found behind a closed port")
        } catch {
            #expect(error.isTransient, "\(error)")
        }
    }
}
