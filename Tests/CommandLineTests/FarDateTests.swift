import Foundation
import TestSupport
import Testing

/// Dates at the ends of the calendar (year 1, year 9999), which once stopped every run that read
/// them: refused as the problem of the booking or event that has them, through every way in,
/// while everything else is used.
@Suite("Dates at the ends of the calendar")
struct FarDateTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"

    /// A calendar file: an evening in Berlin half an hour before year 10000 in UTC, an event from
    /// year 1 to year 9999 in Los Angeles, one whose DURATION runs past the end, and a concert.
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example//Tickets//EN\r
        METHOD:PUBLISH\r
        BEGIN:VEVENT\r
        UID:berlin-9999@example.com\r
        DTSTAMP:20300101T000000Z\r
        DTSTART;TZID=Europe/Berlin:99991231T233000\r
        SUMMARY:Silvester\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:forever@example.com\r
        DTSTAMP:20300101T000000Z\r
        DTSTART;TZID=America/Los_Angeles:00010101T000000\r
        DTEND;TZID=America/Los_Angeles:99991231T235959\r
        SUMMARY:Forever\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:long@example.com\r
        DTSTAMP:20300101T000000Z\r
        DTSTART;TZID=Asia/Tokyo:99981231T200000\r
        DURATION:P400D\r
        SUMMARY:Too long\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:concert@example.com\r
        DTSTAMP:20300101T000000Z\r
        DTSTART;TZID=America/New_York:20300512T193000\r
        DTEND;TZID=America/New_York:20300512T223000\r
        SUMMARY:Concert\r
        LOCATION:Madison Square Garden\\, New York\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// Reservations in the native format: a dinner that ends at the last second of year 9999 in
    /// UTC, a flight that left in year 1, and a dinner that is fine.
    static let native = """
        [
          {"type": "restaurant", "reservationNumber": "FAR1", "place": {"name": "Le Bout"},
           "startTime": "2030-06-20T19:00:00+02:00", "endTime": "9999-12-31T23:59:59Z"},
          {"type": "flight", "reservationNumber": "FAR2", "airline": {"iataCode": "UA"}, "flightNumber": "1",
           "departure": {"airport": {"iataCode": "SFO"}, "time": "0001-01-01T00:30:00-08:00"},
           "arrival": {"airport": {"iataCode": "LAX"}, "time": "0001-01-01T02:00:00-08:00"}},
          {"type": "restaurant", "reservationNumber": "NEAR", "place": {"name": "Le Coin"},
           "startTime": "2030-06-20T19:00:00+02:00"}
        ]

        """

    /// An e-mail from a stranger with the calendar file attached.
    static var mail: String {
        """
        From: Stranger <someone@stranger.example>\r
        To: ada@example.com\r
        Subject: Tickets\r
        Date: Wed, 05 Jun 2030 10:00:00 +0000\r
        Message-ID: <far@stranger.example>\r
        MIME-Version: 1.0\r
        Content-Type: multipart/mixed; boundary="b"\r
        \r
        --b\r
        Content-Type: text/plain; charset=utf-8\r
        \r
        Your tickets.\r
        --b\r
        Content-Type: text/calendar; charset=utf-8; method=PUBLISH\r
        Content-Disposition: attachment; filename="tickets.ics"\r
        \r
        \(calendar)--b--\r

        """
    }

    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> ProcessOutput {
        try ProcessRunner.run(tool, arguments, input: input, environment: environment)
    }

    /// A run that ended as the program ends runs (0, 1, or 2 when nothing could be written), not
    /// stopped by a signal (whose number the runner gives as the status: 4 for a failed
    /// precondition, 11 for a stack overflow) or by Swift's runtime.
    static func expectNoCrash(_ output: ProcessOutput, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect([0, 1, 2].contains(output.status), "\(context): status \(output.status): \(output.standardError)", sourceLocation: sourceLocation)
        #expect(!output.standardError.contains("Fatal error"), "\(context): \(output.standardError)", sourceLocation: sourceLocation)
    }

    @Test("a calendar file: each far event refused with its file, line and UID, the concert written")
    func calendarFile() throws {
        let folder = try TemporaryFolder("far-ics")
        let file = try folder.write("far.ics", Self.calendar)
        let feed = folder.path("feed.ics")
        let run = try Self.run(["generate", file, "--output", feed, "--now", Self.now])
        Self.expectNoCrash(run, "generate")
        #expect(run.standardError.contains("UID berlin-9999@example.com) has DTSTART in year 9999, outside 0002-9998, the years read here"), "\(run.standardError)")
        #expect(run.standardError.contains("UID forever@example.com) has DTSTART in year 1, outside 0002-9998"), "\(run.standardError)")
        #expect(run.standardError.contains("UID long@example.com) has a DURATION that ends in year 9999"), "\(run.standardError)")
        #expect(run.standardError.contains("far.ics:"), "the file is named: \(run.standardError)")
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(text.contains("SUMMARY:Concert"))
        #expect(!text.contains("Silvester") && !text.contains("Forever") && !text.contains("Too long"))
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")

        let lint = try Self.run(["lint", file])
        Self.expectNoCrash(lint, "lint")
        #expect((lint.standardOutput + lint.standardError).contains("berlin-9999@example.com"), "\(lint.standardOutput)")
    }

    @Test("native JSON: the far times are errors at their JSON paths and lines; the dinner is written")
    func nativeJSON() throws {
        let folder = try TemporaryFolder("far-json")
        let file = try folder.write("far.json", Self.native)
        let feed = folder.path("feed.ics")
        let run = try Self.run(["generate", file, "--output", feed, "--now", Self.now])
        Self.expectNoCrash(run, "generate")
        #expect(run.standardError.contains("(line 3, column"), "the end's line: \(run.standardError)")
        #expect(run.standardError.contains("[0].endTime"), "\(run.standardError)")
        #expect(run.standardError.contains("year 9999 is outside 0002-9998, the years read here"), "\(run.standardError)")
        #expect(run.standardError.contains("[1].departure.time"), "\(run.standardError)")
        #expect(run.standardError.contains("year 0001 is outside 0002-9998"), "\(run.standardError)")
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(text.contains("Le Coin"), "\(text)")
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("the first and last days read, in every zone of the tz database: converted without a stop, the first ended and left out, the last refused by the writer, the rest written")
    func edgesInEveryZone() throws {
        let zones = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8).split(separator: "\n")
            .compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count >= 2, fields[0] == "Z" || fields[0] == "L" else { return nil }
                return String(fields[0] == "Z" ? fields[1] : fields[2])
            }
            .filter { $0 != "Factory" }
        try #require(zones.count > 400)
        var items = [#"{"type": "restaurant", "status": "confirmed", "reservationNumber": "NEAR", "place": {"name": "Le Coin"}, "startTime": "2030-06-20T19:00:00+02:00"}"#]
        for (index, zone) in zones.enumerated() {
            for (mark, time) in [("F", "0002-01-01T00:00:00"), ("L", "9998-12-31T23:59:59")] {
                items.append(
                    #"{"type": "restaurant", "status": "confirmed", "reservationNumber": "\#(mark)\#(index)", "place": {"name": "Edge"}, "startTime": "\#(time)[\#(zone)]"}"#)
            }
        }
        let folder = try TemporaryFolder("far-zones")
        let file = try folder.write("edges.json", "[\n" + items.joined(separator: ",\n") + "\n]\n")
        let feed = folder.path("feed.ics")
        let run = try Self.run(["generate", file, "--output", feed, "--now", Self.now])
        Self.expectNoCrash(run, "generate")
        let lines = run.standardError.split(separator: "\n")
        #expect(run.standardError.contains("skipped \(zones.count) already ended"), "\(run.standardError.suffix(300))")
        #expect(lines.filter { $0.contains("DTSTART 9998-12-31T") && $0.contains("is outside the years") }.count == zones.count)
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2, "the one dinner")
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
        let lint = try Self.run(["lint", file])
        Self.expectNoCrash(lint, "lint")
        #expect((lint.standardOutput + lint.standardError).components(separatedBy: "warning: ended 000").count - 1 == zones.count)
    }

    @Test("an e-mail with the file attached, through a file and an IMAP folder, run after run; a donation POSTed to serve: reported, never a stop")
    func mailAndServe() throws {
        let folder = try TemporaryFolder("far-mail")
        let mail = try folder.write("tickets.eml", Self.mail)
        let feed = folder.path("feed.ics")
        Self.expectNoCrash(try Self.run(["generate", mail, "--output", feed, "--now", Self.now]), "file")

        let server = try IMAPTestServer()
        try server.append([mail], to: "Far")
        for round in 1...2 {
            let run = try Self.run(
                ["generate", server.url("Far"), "--output", folder.path("imap.ics"), "--now", Self.now],
                environment: server.environment(cache: folder.path("cache")))
            Self.expectNoCrash(run, "IMAP, run \(round)")
            // A stranger's message: its booking is refused, and what was wrong inside it is not said.
            #expect(run.standardError.contains("not used, because its sender is not verified"), "run \(round): \(run.standardError)")
        }

        let served = try TemporaryFolder("far-serve")
        try served.write("inbox/near.json", #"[{"type": "restaurant", "reservationNumber": "NEAR", "place": {"name": "Le Coin"}, "startTime": "2030-06-20T19:00:00+02:00"}]"#)
        let serve = try ServeCommandTests.Server(["inbox", "--output", "trips.ics"], in: served)
        defer { _ = serve.stop() }
        let inbox = serve.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let token = try ServeCommandTests.inboxToken(served.path("trips.ics"))
        for body in [Self.native, Self.calendar] {
            let (status, _, answer) = try ServeCommandTests.request(
                inbox, method: "POST", headers: ["Authorization": "Bearer " + token], body: Data(body.utf8))
            #expect([201, 422].contains(status), "\(status): \(String(decoding: answer, as: UTF8.self))")
            #expect(String(decoding: answer, as: UTF8.self).contains("outside 0002-9998"), "\(String(decoding: answer, as: UTF8.self))")
        }
        #expect(serve.process.isRunning, "serve still runs")
        var text = ""
        #expect(
            try ServeCommandTests.eventually(15) {
                text = String(decoding: try ServeCommandTests.request(serve.url).2, as: UTF8.self)
                return text.contains("Concert") && text.contains("Le Coin")
            }, "\(text)")
    }
}
