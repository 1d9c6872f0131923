import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Generating feed files")
struct FeedGeneratorTests {
    static let now = try! Instant(iso8601: "2030-06-07T09:00:00Z")

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func copyExamples(to folder: TemporaryFolder, only names: [String]? = nil) throws {
        let source = Repository.url("Examples/trip")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        where names?.contains(name) ?? true {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
        }
    }

    @Test("the bundled examples give one event per category, a golden feed, and pass the independent checker")
    func examples() throws {
        let folder = try TemporaryFolder("feed")
        let output = folder.path("trip.ics")
        var reported: [Diagnostic] = []
        let report = try FeedGenerator().generate(
            inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now, report: { reported.append($0) })
        #expect(report.diagnostics.isEmpty)
        #expect(reported.isEmpty)
        #expect(report.eventCount == 8)
        let text = try read(output)
        for category in ["Flight", "Hotel", "Rental car", "Restaurant", "Event", "Train", "Bus", "Boat"] {
            #expect(text.contains("\r\nCATEGORIES:\(category)\r\n"), "no \(category) event")
        }
        let mismatch = Golden.mismatch(text, golden: "Tests/ReservationFeedTests/Golden/trip.ics")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test(
        "each view of the examples is a golden feed that passes the independent checker: shared keeps titles, times and places and nothing that identifies a booking or a person; busy keeps the times alone",
        arguments: [FeedView.shared, .busy])
    func views(view: FeedView) throws {
        let folder = try TemporaryFolder("feed")
        let output = folder.path("trip-\(view.rawValue).ics")
        var options = FeedOptions()
        options.synthesis.view = view
        // The key the command line's tests give with --view-key, so that both make these bytes.
        options.synthesis.viewKey = TestEnvironment.viewKey
        let report = try FeedGenerator(options: options).generate(inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now)
        #expect(report.diagnostics.isEmpty && report.eventCount == 8)
        let text = try read(output)
        let mismatch = Golden.mismatch(text, golden: "Tests/ReservationFeedTests/Golden/trip-\(view.rawValue).ics")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
        // What the full feed says that identifies a booking or a person, none of which a view says.
        let full = try read(Repository.url("Tests/ReservationFeedTests/Golden/trip.ics").path)
        for personal in [
            "Reservation number", "Booked under", "Seat", "Phone", "(415) 369-9955", "+358", "+47", "https://", "K7P2QX", "QX81KM", "John Appleseed",
        ] {
            #expect(full.contains(personal), "the full feed has no \(personal) to leave out")
            #expect(!text.contains(personal), "the \(view.rawValue) view says \(personal)")
        }
        // Never the full feed's UIDs, so a calendar program subscribed to both keeps both.
        let uids = { (feed: String) in Set(feed.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }) }
        #expect(uids(text).isDisjoint(with: uids(full)) && uids(text).count == 8)
        if view == .busy {
            #expect(text.components(separatedBy: "\r\nSUMMARY:Busy\r\n").count - 1 == 8)
            // The events, after the calendar's own properties (its name and description).
            let events = try #require(text.range(of: "BEGIN:VEVENT")).lowerBound
            for absent in ["LOCATION:", "DESCRIPTION:", "GEO:", "X-APPLE-STRUCTURED-LOCATION", "URL:", "CATEGORIES:", "BEGIN:VALARM"] {
                #expect(!text[events...].contains(absent), "the busy view says \(absent)")
            }
        } else {
            #expect(text.contains("SUMMARY:Flight AY 20 · SFO → HEL") && text.contains("LOCATION:San Francisco International Airport"))
        }
    }

    @Test("one run writes the feed and its other views, each byte for byte the view made alone; a view that cannot be written keeps its file and is told, the rest are written")
    func severalViews() throws {
        let folder = try TemporaryFolder("feed")
        let inputs = [Repository.url("Examples/trip").path]
        let views = [FeedView.shared, .busy].map { FeedViewOutput(view: $0, path: FeedViewOutput.path(of: $0, beside: folder.path("trip.ics"))) }
        #expect(views.map(\.path) == [folder.path("trip.shared.ics"), folder.path("trip.busy.ics")])
        #expect(FeedViewOutput.path(of: .busy, beside: "/a.b/feed") == "/a.b/feed.busy")
        #expect(FeedViewOutput.path(of: .busy, beside: ".hidden") == ".hidden.busy")
        let report = try FeedGenerator().generate(inputs: inputs, to: .file(folder.path("trip.ics")), views: views, now: Self.now)
        #expect(report.eventCount == 8 && report.changes.added.count == 8)
        for output in views {
            let made = try #require(try report.views[output.view]?.get())
            #expect(made.eventCount == 8 && made.changes.added.count == 8 && made.reservationCount == 8 && made.diagnostics.isEmpty)
            var options = FeedOptions()
            options.synthesis.view = output.view
            let alone = folder.path("alone-\(output.view.rawValue).ics")
            _ = try FeedGenerator(options: options).generate(inputs: inputs, to: .file(alone), now: Self.now)
            #expect(try read(output.path) == (try read(alone)), "\(output.view)")
        }
        #expect(try read(folder.path("trip.ics")) == (try read(Repository.url("Tests/ReservationFeedTests/Golden/trip.ics").path)))

        // The busy view's file broken by hand: it is left as it is, and said; the others are made.
        try folder.write("trip.busy.ics", "this is not a feed\n")
        let broken = try read(folder.path("trip.busy.ics"))
        let again = try FeedGenerator().generate(inputs: inputs, to: .file(folder.path("trip.ics")), views: views, now: Self.now)
        #expect(again.changes.unchanged.count == 8)
        #expect(try again.views[.shared]?.get().changes.unchanged.count == 8)
        guard case .failure(let error) = again.views[.busy] else {
            Issue.record("the broken busy view was written: \(String(describing: again.views[.busy]))")
            return
        }
        #expect("\(error)".contains("not an iCalendar file"), "\(error)")
        #expect(try read(folder.path("trip.busy.ics")) == broken)
    }

    @Test("a view whose file is the feed's under another name (a link) is refused before anything is read; one that cannot be locked leaves the feed written")
    func viewFiles() throws {
        let folder = try TemporaryFolder("feed")
        let inputs = [Repository.url("Examples/trip").path]
        _ = try FeedGenerator().generate(inputs: inputs, to: .file(folder.path("trip.ics")), now: Self.now)
        let before = try read(folder.path("trip.ics"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("trip.busy.ics"), withDestinationPath: "trip.ics")
        #expect {
            try FeedGenerator().generate(
                inputs: inputs, to: .file(folder.path("trip.ics")), views: [FeedViewOutput(view: .busy, path: folder.path("trip.busy.ics"))], now: Self.now)
        } throws: { error in
            "\(error)".contains("is \(folder.path("trip.ics")) under another name")
        }
        #expect(try read(folder.path("trip.ics")) == before, "the feed is untouched")
        // A folder where a view's file should be: the feed is made, the view is told.
        try FileManager.default.createDirectory(atPath: folder.path("trip.shared.ics"), withIntermediateDirectories: false)
        let report = try FeedGenerator().generate(
            inputs: inputs, to: .file(folder.path("later.ics")), views: [FeedViewOutput(view: .shared, path: folder.path("trip.shared.ics"))], now: Self.now)
        #expect(report.eventCount == 8)
        guard case .failure = report.views[.shared] else {
            Issue.record("a folder was written as a view: \(String(describing: report.views[.shared]))")
            return
        }
    }

    @Test("the same input twice gives a byte-identical feed")
    func reproducible() throws {
        let folder = try TemporaryFolder("feed")
        let inputs = [Repository.url("Examples/trip").path]
        _ = try FeedGenerator().generate(inputs: inputs, to: .file(folder.path("a.ics")), now: Self.now)
        _ = try FeedGenerator().generate(inputs: inputs, to: .file(folder.path("b.ics")), now: Self.now)
        #expect(try read(folder.path("a.ics")) == (try read(folder.path("b.ics"))))
    }

    @Test("one malformed file among good ones: reported with file and place, the good events written")
    func malformed() throws {
        let folder = try TemporaryFolder("feed")
        try copyExamples(to: folder, only: ["2-flight-sfo-hel.json", "3-lodging-glo-hotel-sello.json", "7-train-oslo-bergen.json"])
        try folder.write("broken.json", "{\"reservations\": [\n  {\"type\": \"bus\",, }\n]}\n")
        let output = folder.path("out/feed.ics")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let report = try FeedGenerator().generate(inputs: [folder.url.path], to: .file(output), now: Self.now)
        #expect(report.hasErrors)
        #expect(report.diagnostics.map(\.description) == [
            "\(folder.url.path)/broken.json: not valid JSON: expected a member name in double quotes, found ',' (line 2, column 18)"
        ])
        #expect(report.eventCount == 3)
        #expect(report.summary == "Wrote 3 events to \(output): 3 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (3 reservations from 4 inputs); 1 error, 0 warnings")
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("nothing to write: no new feed is started, and an existing feed is left as it was")
    func nothingToWrite() throws {
        let folder = try TemporaryFolder("feed")
        try folder.write("in/broken.json", "{")
        try folder.write("empty/none.json", #"{"reservations": []}"#)
        let fresh = folder.path("fresh.ics")
        for input in ["in", "empty"] {
            #expect(throws: FeedError.self) {
                try FeedGenerator().generate(inputs: [folder.path(input)], to: .file(fresh), now: Self.now)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: fresh))

        let output = folder.path("feed.ics")
        _ = try FeedGenerator().generate(inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now)
        let before = try read(output)
        for input in ["in", "empty"] {
            #expect(throws: FeedError.self) {
                try FeedGenerator().generate(inputs: [folder.path(input)], to: .file(output), now: Self.now)
            }
        }
        #expect(try read(output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
                == [".feed.ics.lock", ".fresh.ics.lock", "empty", "feed.ics", "in"])
    }

    @Test("a file at the output that is not a feed is not overwritten")
    func foreignOutput() throws {
        let folder = try TemporaryFolder("feed")
        let output = try folder.write("notes.ics", "my notes, not a calendar")
        do {
            _ = try FeedGenerator().generate(inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("the existing feed cannot be read back (not an iCalendar file"))
        }
        #expect(try read(output) == "my notes, not a calendar")
    }

    @Test("a missing input writes nothing")
    func missingInput() throws {
        let folder = try TemporaryFolder("feed")
        let output = folder.path("feed.ics")
        _ = try FeedGenerator().generate(inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now)
        let before = try read(output)
        do {
            _ = try FeedGenerator().generate(
                inputs: [Repository.url("Examples/trip").path, "/mnt/not-mounted"], to: .file(output), now: Self.now)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/mnt/not-mounted: no such file or folder")
        }
        #expect(try read(output) == before)
    }

    @Test("replacing a feed takes no mode from the old file, follows the person's own link, and leaves no temporary file")
    func atomicReplace() throws {
        let folder = try TemporaryFolder("feed")
        let real = folder.path("real.ics")
        _ = try FeedGenerator().generate(inputs: [Repository.url("Examples/trip/2-flight-sfo-hel.json").path], to: .file(real), now: Self.now)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.ics"), withDestinationPath: real)
        _ = try FeedGenerator().generate(
            inputs: [Repository.url("Examples/trip").path], to: .file(folder.path("link.ics")), now: Self.now)
        #expect(try read(real).components(separatedBy: "BEGIN:VEVENT").count - 1 == 8)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.ics")) == real)
        let permissions = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(permissions == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".real.ics.lock", "link.ics", "real.ics"])
    }

    @Test("a feed that cannot be written says where and why, and leaves no temporary file")
    func unwritable() throws {
        let folder = try TemporaryFolder("feed")
        let output = folder.path("no/such/folder/feed.ics")
        do {
            _ = try FeedGenerator().generate(inputs: [Repository.url("Examples/trip").path], to: .file(output), now: Self.now)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(output): cannot write the feed: the folder \(folder.path("no/such/folder")) does not exist")
        }
    }
}
