import Foundation
import TestSupport
import Testing

/// `publish` and `calendars` given a server's root address, as a person with an account and no
/// collection URL runs them, against the servers the tests start; what they find and make is
/// checked with an independent client (python's `caldav`).
@Suite("Calendars found from the server's address", .serialized)
struct PublishDiscoveryTests {
    typealias World = PublishCommandTests.World
    static let tool = PublishCommandTests.tool

    /// The account's calendars as the independent client finds them from the root.
    struct FoundCalendar: Decodable {
        var url: String
        var name: String?
        var components: [String]?
    }

    static func independentCalendars(_ world: World) throws -> [FoundCalendar] {
        let result = try ProcessRunner.run(
            Repository.url("Tests/Tools/python"),
            [Repository.url("Tests/Tools/caldav_tool.py").path, "calendars", world.server.root.absoluteString, world.user, CalDAVTestServer.password])
        guard result.status == 0 else { throw PublishCommandTests.ToolFailure(description: "caldav_tool.py calendars: \(result.standardError)") }
        return try JSONDecoder().decode([FoundCalendar].self, from: Data(result.standardOutput.utf8))
    }

    /// The credentials' arguments for the world's server (Xandikos takes none).
    static func account(_ world: World, passwordFile: String? = nil) -> [String] {
        world.server.kind.takesCredentials ? ["--user", CalDAVTestServer.user, "--password-file", passwordFile ?? world.passwordFile] : []
    }

    @Test("from the root: listed; without a name, exit 2 listing the calendars; by name, made once and found after; a task list refused", arguments: CalDAVTestServer.Kind.allCases)
    func fromRoot(kind: CalDAVTestServer.Kind) async throws {
        guard let world = try await PublishCommandTests.world(kind) else { return }
        let root = world.server.root.absoluteString
        try world.book("A", "2030-06-14T19:30:00-07:00")
        try world.book("B", "2030-06-15T20:00:00-07:00")

        var run = try ProcessRunner.run(Self.tool, ["calendars", root] + Self.account(world))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("trips\t\(world.calendar.absoluteString)\tyes\n"), "\(run.standardOutput)")

        let base = ["publish", world.inputs, "--calendar", root, "--now", PublishCommandTests.now, "--state", world.folder.path("state.json")] + Self.account(world)
        run = try ProcessRunner.run(Self.tool, base)
        #expect(run.status == 2)
        #expect(run.standardError.contains("error: \(root) is not a calendar; nothing was published. The account's calendars:\n"), "\(run.standardError)")
        #expect(run.standardError.contains("\t\(world.calendar.absoluteString)\n"), "\(run.standardError)")
        #expect(run.standardError.contains("--calendar-name NAME"), "\(run.standardError)")
        #expect(try world.calendarEvents().isEmpty)
        let before = try Self.independentCalendars(world).count

        run = try ProcessRunner.run(Self.tool, base + ["--calendar-name", "Trips abroad", "--dry-run"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Would create the calendar Trips abroad"), "\(run.standardError)")
        #expect(run.standardError.contains("Would publish to \(world.server.nonCalendar.absoluteString)trips-abroad/: 2 to create"), "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("create ") }.count == 2, "\(run.standardOutput)")
        #expect(try Self.independentCalendars(world).count == before)

        run = try ProcessRunner.run(Self.tool, base + ["--calendar-name", "Trips abroad"])
        #expect(run.status == 0, "\(run.standardError)")
        let made = world.server.nonCalendar.appendingPathComponent("trips-abroad/").absoluteString
        #expect(run.standardError.contains("Created the calendar Trips abroad at \(made)\n"), "\(run.standardError)")
        #expect(run.standardError.contains("Published to \(made): 2 created"), "\(run.standardError)")
        let found = try Self.independentCalendars(world)
        let created = try #require(found.first { $0.url == made }, "\(found.map(\.url))")
        #expect(created.name == "Trips abroad")
        #expect(created.components == nil || created.components == ["VEVENT"])
        #expect(try world.generate().status == 0)

        // Published twice, into the calendar found by its name: nothing duplicated, nothing made.
        try world.book("B", "2030-06-15T21:00:00-07:00")
        run = try ProcessRunner.run(Self.tool, base + ["--calendar-name", "trips ABROAD"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Publishing into the calendar Trips abroad at \(made)"), "\(run.standardError)")
        #expect(run.standardError.contains("0 created, 1 updated"), "\(run.standardError)")
        #expect(try Self.independentCalendars(world).count == before + 1)
        let calendar = World.Calendar(world, URL(string: made)!)
        let events = try calendar.events()
        #expect(events.count == 2)
        #expect(Set(events.map(\.uid)).count == 2)
        #expect(try world.generate().status == 0)
        #expect(events.map(\.shown) == (try world.feedEvents()).map(\.shown))

        run = try ProcessRunner.run(Self.tool, ["calendars", root] + Self.account(world))
        #expect(run.standardOutput.contains("Trips abroad\t\(made)\tyes\n"), "\(run.standardOutput)")

        // A task list is listed, and not published into.
        _ = try await world.server.makeCalendar("todo", displayName: "To do", components: ["VTODO"])
        run = try ProcessRunner.run(Self.tool, ["calendars", root] + Self.account(world))
        #expect(run.standardOutput.contains("To do\t\(world.server.nonCalendar.appendingPathComponent("todo/").absoluteString)\tno (takes no events)\n"), "\(run.standardOutput)")
        run = try ProcessRunner.run(Self.tool, base + ["--calendar-name", "To do"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("takes no events"), "\(run.standardError)")
    }

    @Test("calendars: refused credentials exit 2 naming the address, never the password; an address that is no URL is a usage error")
    func calendarsFailures() async throws {
        guard let world = try await PublishCommandTests.world(.radicale) else { return }
        let wrong = try world.folder.write("wrong", "not-the-password\n")
        chmod(wrong, 0o600)
        var run = try ProcessRunner.run(Self.tool, ["calendars", world.server.root.absoluteString] + Self.account(world, passwordFile: wrong))
        #expect(run.status == 2)
        #expect(run.standardError.contains("the server refused the credentials (401)"), "\(run.standardError)")
        #expect(!run.standardError.contains("not-the-password"))
        #expect(run.standardOutput.isEmpty)
        run = try ProcessRunner.run(Self.tool, ["calendars", "caldav.example.com"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("needs an http:// or https:// URL"), "\(run.standardError)")
    }
}

extension PublishCommandTests.World {
    /// Another calendar of the world's account, read by the independent client.
    struct Calendar {
        let world: PublishCommandTests.World
        let url: URL
        init(_ world: PublishCommandTests.World, _ url: URL) {
            self.world = world
            self.url = url
        }

        func events() throws -> [PublishCommandTests.Event] {
            let result = try ProcessRunner.run(
                Repository.url("Tests/Tools/python"),
                [Repository.url("Tests/Tools/caldav_tool.py").path, "list", url.absoluteString, world.user, CalDAVTestServer.password])
            guard result.status == 0 else { throw PublishCommandTests.ToolFailure(description: "caldav_tool.py list: \(result.standardError)") }
            return try JSONDecoder().decode([PublishCommandTests.Event].self, from: Data(result.standardOutput.utf8))
        }
    }
}
