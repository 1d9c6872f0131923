import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve` keeps every view of the feed, each at its own secret address, fetched by URL as a
/// subscriber fetches it.
@Suite("serve's views", .serialized)
struct ServeViewsTests {
    typealias Server = ServeCommandTests.Server

    /// The UIDs of a feed's events.
    static func uids(_ feed: String) -> Set<String> {
        Set(feed.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) })
    }

    @Test("every view at its own secret URL: shared without booking details, busy with times alone, UIDs of their own, 304s, no inbox, kept across a restart and rotated together")
    func everyView() throws {
        let folder = try TemporaryFolder("serve-views")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        for name in ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json", "3-lodging-glo-hotel-sello.json"] {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent("in/" + name))
        }
        var server = try Server(["in", "--output", "trips.ics", "--name", "Trips"], in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        try #require(server.urls.count == 3, "three addresses: \(server.urls)")
        #expect(server.urls.map(\.lastPathComponent) == ["trips.ics", "trips.shared.ics", "trips.busy.ics"])
        let secrets = server.urls.map { $0.pathComponents[1] }
        #expect(Set(secrets).count == 3, "a secret each")
        for path in ["trips.shared.ics", "trips.busy.ics"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path(path + ".secret"))
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }

        // Each view as on disk, and what it leaves out.
        var feeds: [String] = []
        for (url, file) in zip(server.urls, ["trips.ics", "trips.shared.ics", "trips.busy.ics"]) {
            let (status, headers, body) = try ServeCommandTests.request(url)
            #expect(status == 200)
            #expect(headers["content-type"] == "text/calendar; charset=utf-8")
            #expect(body == FileManager.default.contents(atPath: folder.path(file)))
            feeds.append(String(decoding: body, as: UTF8.self))
            // A client that has it gets 304, by either validator.
            #expect(try ServeCommandTests.request(url, headers: ["If-None-Match": try #require(headers["etag"])]).0 == 304)
        }
        let (full, shared, busy) = (feeds[0], feeds[1], feeds[2])
        #expect(full.contains("K7P2QX") && full.contains("23A"))
        #expect(!shared.contains("K7P2QX") && !shared.contains("23A") && !shared.contains("Appleseed"))
        #expect(shared.contains("SUMMARY:Flight AY 20"), "shared keeps titles")
        #expect(shared.contains("Helsinki"), "and places")
        let busyEvents = busy.components(separatedBy: "BEGIN:VEVENT").dropFirst().joined()
        let busyTitles = Set(busy.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") })
        #expect(busyTitles == ["SUMMARY:Busy"])
        for leak in ["\r\nLOCATION", "STRUCTURED-LOCATION", "\r\nGEO", "\r\nDESCRIPTION", "\r\nURL", "Finnair", "BOOKED-BY", "VALARM"] {
            #expect(!busyEvents.contains(leak), "busy has no \(leak)")
        }
        let uids = [full, shared, busy].map(Self.uids)
        #expect(uids.allSatisfy { $0.count == 3 })
        #expect(uids[0].isDisjoint(with: uids[1]) && uids[0].isDisjoint(with: uids[2]) && uids[1].isDisjoint(with: uids[2]))
        let verdict = try ICSValidator.validate(["trips.ics", "trips.shared.ics", "trips.busy.ics"].map(folder.path))
        #expect(verdict.passed, "\(verdict.report)")

        // A view's secret opens that view only: not the whole feed, not the inbox.
        let sharedBase = server.urls[1].deletingLastPathComponent()
        #expect(try ServeCommandTests.request(sharedBase.appendingPathComponent("trips.ics")).0 == 404)
        #expect(try ServeCommandTests.request(sharedBase.appendingPathComponent("trips.busy.ics")).0 == 404)
        let token = try ServeCommandTests.inboxToken(folder.path("trips.ics"))
        let donation = ServeCommandTests.donation("ReservationConfirmed")
        #expect(
            try ServeCommandTests.request(
                sharedBase.appendingPathComponent("inbox"), method: "POST", headers: ["Authorization": "Bearer " + token], body: donation
            ).0 == 404)
        // Its preview page shows its own events.
        let page = String(decoding: try ServeCommandTests.request(server.urls[2].deletingLastPathComponent()).2, as: UTF8.self)
        #expect(page.contains("Busy") && !page.contains("Finnair"))

        // A cancellation reaches every view, each in place.
        let flight = folder.path("in/2-flight-sfo-hel.json")
        let text = try String(contentsOfFile: flight, encoding: .utf8).replacingOccurrences(of: "\"confirmed\"", with: "\"cancelled\"")
        try text.write(toFile: flight, atomically: true, encoding: .utf8)
        #expect(try ServeCommandTests.eventually(15) {
            try server.urls.allSatisfy { String(decoding: try ServeCommandTests.request($0).2, as: UTF8.self).contains("STATUS:CANCELLED") }
        })
        let busyAfter = String(decoding: try ServeCommandTests.request(server.urls[2]).2, as: UTF8.self)
        #expect(Self.uids(busyAfter) == uids[2], "the same events, updated")
        #expect(busyAfter.contains("SUMMARY:Cancelled: Busy"))
        #expect(busyAfter.contains("SEQUENCE:1"))

        // The addresses survive a restart; --rotate-secret replaces every one.
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for secret in secrets { #expect(!log.contains(secret), "no secret in the log") }
        #expect(log.contains("trips.shared.ics is the shared view"), "\(log)")
        server = try Server(["in", "--output", "trips.ics"], in: folder)
        let again = server.urls.map { $0.pathComponents[1] }
        #expect(again == secrets)
        #expect(server.stop() == 0)
        server = try Server(["in", "--output", "trips.ics", "--rotate-secret"], in: folder)
        let rotated = server.urls.map { $0.pathComponents[1] }
        #expect(rotated.count == 3 && Set(rotated).isDisjoint(with: secrets))
        #expect(try ServeCommandTests.request(server.urls[1]).0 == 200)
        var old = server.urls[1].deletingLastPathComponent().deletingLastPathComponent()
        old.appendPathComponent(secrets[1])
        #expect(try ServeCommandTests.request(old.appendingPathComponent("trips.shared.ics")).0 == 404)
        stopped = false
    }
    @Test("with --trips every view has the trips and connections, with the UIDs generate gives that view")
    func trips() throws {
        let folder = try TemporaryFolder("serve-trips")
        let fixtures = Repository.url("Tests/CommandLineTests/Fixtures/trips").path
        let server = try Server([fixtures, "--output", "trips.ics", "--trips", "--home", "Berlin"], in: folder)
        defer { _ = server.stop() }
        try #require(server.urls.count == 3, "three addresses: \(server.urls)")
        for (url, view) in zip(server.urls, ["full", "shared", "busy"]) {
            let (status, _, body) = try ServeCommandTests.request(url)
            #expect(status == 200)
            let served = String(decoding: body, as: UTF8.self)
            let generated = try ProcessRunner.run(
                ServeCommandTests.tool, ["generate", fixtures, "--output", "-", "--trips", "--home", "Berlin", "--view", view, "--now", "2030-01-01T00:00:00Z"])
            #expect(generated.status == 0, "\(generated.standardError)")
            #expect(Self.uids(served) == Self.uids(generated.standardOutput), "\(view)")
            #expect(Self.uids(served).count == 23, "\(view)")
            #expect(served.contains("DTSTART;VALUE=DATE:20300314\r\n"), "\(view): the trip to Lisbon")
            #expect(served.contains("SUMMARY:Trip to Lisbon\r\n") == (view != "busy"), "\(view)")
        }
    }

    @Test("a view's file that holds something else (the whole feed, copied in by hand) is never served at the view's address: the view is refused and said, the feed served")
    func copiedViewFile() throws {
        let folder = try TemporaryFolder("serve-views-copied")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("in/flight.json"))
        let generated = try ProcessRunner.run(ServeCommandTests.tool, ["generate", "in", "--output", "trips.ics"], currentDirectory: folder.url)
        #expect(generated.status == 0, "\(generated.standardError)")
        try FileManager.default.copyItem(atPath: folder.path("trips.ics"), toPath: folder.path("trips.busy.ics"))
        let server = try Server(["in", "--output", "trips.ics"], in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        try #require(server.urls.count == 3)
        #expect(try ServeCommandTests.request(server.urls[0]).0 == 200)
        let (status, _, body) = try ServeCommandTests.request(server.urls[2])
        #expect(status == 503, "\(String(decoding: body, as: UTF8.self))")
        #expect(!String(decoding: body, as: UTF8.self).contains("K7P2QX"))
        let preview = try ServeCommandTests.request(server.urls[2].deletingLastPathComponent())
        #expect(!String(decoding: preview.2, as: UTF8.self).contains("K7P2QX"))
        #expect(try ServeCommandTests.request(server.urls[1]).0 == 200, "the shared view is made")
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("error: the busy view was not made again (start)") && log.contains("nothing to serve at its address yet"), "\(log)")
    }
}
