import Foundation

/// Seconds from a booking's arrival to the calendar: `reservation-feed serve` follows a folder
/// holding a feed's worth of bookings (10,000) and an IMAP folder of Dovecot started here; a
/// signed booking e-mail is delivered into the IMAP folder (written into its Maildir, as a
/// delivery agent does), or a booking file written into the folder, and the served feed is asked
/// (`If-None-Match`, so that an unchanged feed costs a 304) until the booking's event is in it.
/// Then the same with `publish --follow` into a calendar of Radicale, until the server has
/// stored the event.
struct ArrivalBenchmark {
    let workspace: Workspace
    /// Bookings delivered, of each kind.
    var deliveries = 20
    /// Bookings in the followed folder before the first delivery.
    var feedSize = 10_000

    /// The report's section, in Markdown.
    func run() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/dovecot"), let curl = try? Workspace.which("curl") else {
            let text = "## from arrival to calendar\n\nNot measured: Dovecot and curl are needed (Debian dovecot-imapd, curl).\n"
            log(text)
            return text
        }
        let folder = workspace.path("arrival")
        try? FileManager.default.removeItem(atPath: folder)
        for sub in ["dovecot", "inputs", "keys"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        let server = try MailBenchmark.Dovecot(folder: folder + "/dovecot")
        defer { server.stop() }
        _ = try server.fill(size: 100, repository: workspace.repository, mbox: folder + "/unused.mbox")
        try FileManager.default.copyItem(atPath: try workspace.dataset(feedSize), toPath: folder + "/inputs/reservations.json")

        // The bookings are signed by a key made here, which --dkim-keys stands in for DNS with.
        let keys = folder + "/keys/keys.txt"
        try Data().write(to: URL(fileURLWithPath: keys))
        let python = workspace.repository.appendingPathComponent("Tests/Tools/python").path
        let tool = workspace.repository.appendingPathComponent("Tests/Tools/dkim_tool.py").path
        _ = try ProcessSample.run(python, [tool, "newkey", keys, folder + "/keys", "bench", "airline.example"])

        let url = "imaps://bench@localhost:\(server.port)/Bench"
        var environment = ["SSL_CERT_FILE": folder + "/dovecot/ca.pem", "RESERVATION_FEED_IMAP_PASSWORD": "bench"]
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        log("arrival: serve of \(feedSize) bookings and an IMAP folder...")
        let serve = try ServeBenchmark.Server(
            workspace: workspace, inputs: [folder + "/inputs", url], output: folder + "/feed.ics",
            extra: ["--dkim-keys", keys], environment: environment)
        defer { serve.stop() }
        var feed = Feed(url: serve.url, curl: curl)
        try feed.wait(for: "BK00000000", timeout: 600)

        let deliver = Delivery(folder: folder, python: python, tool: tool)
        let mail = try timings("mail", first: 0, bring: deliver.mail) { try feed.wait(for: $0, timeout: 120) }
        let files = try timings("file", first: 0, bring: deliver.file) { try feed.wait(for: $0, timeout: 120) }
        serve.stop()
        let published = try publishFollowing(folder: folder, url: url, keys: keys, environment: environment, deliver: deliver)

        return """
            ## from arrival to calendar

            `reservation-feed serve` follows a folder with \(feedSize) bookings and an IMAP folder of Dovecot
            on loopback. A signed booking e-mail is delivered into the IMAP folder (written into its
            Maildir, which Dovecot tells the mail program's IDLE of), or a booking file is written into the
            folder; the served feed is then asked every 50 ms (`If-None-Match`) until the booking's event
            is in it. \(deliveries) of each, a second apart.

            | from … to the event in the feed `serve` answers | median seconds | worst seconds |
            |---|---|---|
            | a booking e-mail delivered into the followed IMAP folder | \(f(Statistic(mail).median)) | \(f(mail.max() ?? 0)) |
            | a booking file written into the followed folder | \(f(Statistic(files).median)) | \(f(files.max() ?? 0)) |

            """ + published
    }

    /// The same deliveries followed by `publish --follow` into a calendar of Radicale holding the
    /// folder's bookings already, until the booking's event is stored by the server.
    private func publishFollowing(folder: String, url: String, keys: String, environment: [String: String], deliver: Delivery) throws -> String {
        let tools = workspace.repository.appendingPathComponent("Tests/Tools/python").path
        guard (try? ProcessSample.run(tools, ["-c", "import radicale"])) != nil else {
            return "\nNot measured for publish: Radicale is needed in the test tools' environment (Tests/Tools/python).\n"
        }
        // The calendar holds the folder's bookings already: publish writes them into a sink whose
        // files are laid into Radicale's storage (Radicale takes many minutes over 10,000 PUTs).
        log("arrival: laying \(feedSize) events into Radicale's storage...")
        let items = folder + "/items"
        _ = try PublishBenchmark.Sink(python: tools, folder: items).publish(
            workspace.reservationFeed, folder + "/inputs/reservations.json", state: folder + "/sink-state.json")
        let server = try PublishBenchmark.Radicale(python: tools, folder: folder)
        defer { server.stop() }
        let calendar = try server.layCalendar("arrival", from: items)
        let stored = folder + "/collections/collection-root/ada/arrival"
        let password = folder + "/password"
        try "lovelace\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o600)
        let arguments = [
            "publish", folder + "/inputs", url, "--calendar", calendar, "--user", "ada", "--password-file", password,
            "--state", folder + "/publish-state.json", "--now", BenchmarkCommand.now, "-q", "--dkim-keys", keys,
        ]
        // A first run, not counted: Radicale reads the laid files, the mirror is made, and the
        // bookings delivered above are published.
        log("arrival: a first publish over the laid calendar...")
        let first = try ProcessSample.run(workspace.reservationFeed, arguments, environment: environment)
        log("  \(f(first.wall)) s")

        let follower = Process()
        follower.executableURL = URL(fileURLWithPath: workspace.reservationFeed)
        follower.arguments = arguments + ["--follow"]
        follower.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        follower.standardOutput = FileHandle.nullDevice
        follower.standardError = FileHandle.nullDevice
        let stateBefore = Self.modified(folder + "/publish-state.json")
        try follower.run()
        defer {
            follower.terminate()
            follower.waitUntilExit()
        }
        // Its first run (nothing to do) is over when it has written its state again.
        let settled = Date().addingTimeInterval(300)
        while Self.modified(folder + "/publish-state.json") == stateBefore, Date() < settled { usleep(100_000) }

        var calendarNames = Set((try? FileManager.default.contentsOfDirectory(atPath: stored)) ?? [])
        func waitStored(_ reference: String) throws {
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                let names = Set((try? FileManager.default.contentsOfDirectory(atPath: stored)) ?? [])
                for name in names.subtracting(calendarNames) where !name.hasPrefix(".") {
                    calendarNames.insert(name)
                    if let text = try? String(contentsOfFile: stored + "/" + name, encoding: .utf8), text.contains(reference) { return }
                }
                usleep(50_000)
            }
            throw ProcessFailure(command: "publish --follow", reason: "\(reference) not in the calendar after 120 s")
        }
        let mail = try timings("publish, mail", first: 1000, bring: deliver.mail, until: waitStored)
        let files = try timings("publish, file", first: 1000, bring: deliver.file, until: waitStored)
        return """

            With `publish --follow` instead, into a calendar of Radicale (on loopback) that holds the
            folder's bookings already (laid into its storage; a first run over them, not counted, took
            \(f(first.wall)) s), until the server has stored the booking's event:

            | from … to the event stored in the CalDAV calendar | median seconds | worst seconds |
            |---|---|---|
            | a booking e-mail delivered into the followed IMAP folder | \(f(Statistic(mail).median)) | \(f(mail.max() ?? 0)) |
            | a booking file written into the followed folder | \(f(Statistic(files).median)) | \(f(files.max() ?? 0)) |

            """
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Bookings brought in as a person's mail or files are.
    struct Delivery {
        let folder: String
        let python: String
        let tool: String

        /// Delivers a signed booking e-mail into the IMAP folder's Maildir; returns when.
        func mail(_ reference: String, number: Int) throws -> Date {
            let unsigned = folder + "/keys/unsigned.eml"
            try ArrivalBenchmark.booking(reference).write(to: URL(fileURLWithPath: unsigned))
            let signed = try ProcessSample.run(
                python, [tool, "sign", folder + "/keys", "bench", "airline.example"], standardOutput: nil, standardInput: unsigned)
            let temporary = folder + "/dovecot/mail/bench/Maildir/.Bench/tmp/arrival-\(number)"
            try Data((signed.output ?? "").utf8).write(to: URL(fileURLWithPath: temporary))
            if getuid() == 0 { _ = try ProcessSample.run("/bin/chown", ["65534:65534", temporary]) }
            let delivered = Date()
            guard rename(temporary, folder + "/dovecot/mail/bench/Maildir/.Bench/new/\(1_800_000_000 + number).arrival\(number).bench") == 0 else {
                throw ProcessFailure(command: "rename", reason: "could not deliver the message")
            }
            return delivered
        }

        /// Writes a booking file into the followed folder, as an editor saves it; returns when.
        func file(_ reference: String, number: Int) throws -> Date {
            let temporary = folder + "/inputs/.arrival-\(number).json"
            try ArrivalBenchmark.bookingFile(reference).write(to: URL(fileURLWithPath: temporary))
            let written = Date()
            guard rename(temporary, folder + "/inputs/arrival-\(number).json") == 0 else {
                throw ProcessFailure(command: "rename", reason: "could not write the file")
            }
            return written
        }
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The seconds from each of ``deliveries`` bookings brought in (`bring`, given a reference
    /// and a number from `first` on, says when) until `until` sees its reference, a second apart.
    private func timings(
        _ kind: String, first: Int, bring: (String, Int) throws -> Date, until: (String) throws -> Void
    ) throws -> [Double] {
        var seconds: [Double] = []
        for number in 0..<deliveries {
            let reference = "\(kind.uppercased().filter(\.isLetter))-\(number)"
            let brought = try bring(reference, first + number)
            try until(reference)
            seconds.append(Date().timeIntervalSince(brought))
            log("  \(kind) \(number + 1): \(f(seconds.last!)) s")
            Thread.sleep(forTimeInterval: 1)
        }
        return seconds
    }

    /// The served feed, asked again only for what changed.
    struct Feed {
        let url: String
        let curl: String
        private var tag = ""
        private var text = ""

        init(url: String, curl: String) {
            self.url = url
            self.curl = curl
        }

        /// Asks the feed every 50 ms until it holds `reference`.
        mutating func wait(for reference: String, timeout: TimeInterval) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while !text.contains(reference) {
                guard Date() < deadline else { throw ProcessFailure(command: "serve", reason: "\(reference) not in the feed after \(Int(timeout)) s") }
                let headers = FileManager.default.temporaryDirectory.appendingPathComponent("arrival-headers").path
                let answer = try ProcessSample.run(
                    curl, ["-s", "-D", headers, "-H", "If-None-Match: \(tag.isEmpty ? "\"none\"" : tag)", url], standardOutput: nil)
                let head = (try? String(contentsOfFile: headers, encoding: .utf8)) ?? ""
                if head.hasPrefix("HTTP/1.1 200"), let body = answer.output {
                    text = body
                    tag = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) } ?? ""
                }
                if !text.contains(reference) { usleep(50_000) }
            }
        }
    }

    /// A flight booking e-mail with schema.org markup, its reservation number `reference`.
    static func booking(_ reference: String) -> Data {
        let markup = """
            {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "\(reference)",
             "reservationStatus": "http://schema.org/ReservationConfirmed", "underName": {"@type": "Person", "name": "Ada Lovelace"},
             "reservationFor": {"@type": "Flight", "flightNumber": "20", "airline": {"@type": "Airline", "iataCode": "AY"},
              "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, "departureTime": "2026-06-15T17:55:00-07:00",
              "arrivalAirport": {"@type": "Airport", "iataCode": "HEL"}, "arrivalTime": "2026-06-16T14:05:00+03:00"}}
            """
        let html = "<html><head><script type=\"application/ld+json\">\(markup)</script></head><body><p>Your flight \(reference).</p></body></html>"
        let message = """
            From: Bench Airline <bookings@airline.example>\r
            To: bench@localhost\r
            Subject: Your booking \(reference)\r
            Date: Mon, 05 Jan 2026 10:00:00 +0000\r
            Message-ID: <\(reference)@airline.example>\r
            MIME-Version: 1.0\r
            Content-Type: text/html; charset=utf-8\r
            \r
            \(html)\r

            """
        return Data(message.utf8)
    }

    /// A file of one booking in native JSON, its reservation number `reference`.
    static func bookingFile(_ reference: String) -> Data {
        Data(
            """
            {"reservations": [{"type": "restaurant", "reservationNumber": "\(reference)", "status": "confirmed",
              "startTime": "2026-06-14T19:30:00-07:00", "place": {"name": "EPIC Steak", "address": {"city": "San Francisco", "countryCode": "US"}}}]}
            """.utf8)
    }
}
