import Foundation

/// Seconds from a booking's arrival to the calendar: `reservation-feed serve` follows a folder
/// holding a feed's worth of bookings (10,000) and an IMAP folder of Dovecot started here; a
/// signed booking e-mail is delivered into the IMAP folder (written into its Maildir, as a
/// delivery agent does), or a booking file written into the folder, and the served feed is asked
/// (`If-None-Match`, so that an unchanged feed costs a 304) until the booking's event is in it.
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

        var mail: [Double] = []
        for number in 0..<deliveries {
            let reference = "MAIL-\(number)"
            let unsigned = folder + "/keys/unsigned.eml"
            try Self.booking(reference).write(to: URL(fileURLWithPath: unsigned))
            let signed = try ProcessSample.run(
                python, [tool, "sign", folder + "/keys", "bench", "airline.example"], standardOutput: nil, standardInput: unsigned)
            let message = Data((signed.output ?? "").utf8)
            let temporary = folder + "/dovecot/mail/bench/Maildir/.Bench/tmp/arrival-\(number)"
            try message.write(to: URL(fileURLWithPath: temporary))
            if getuid() == 0 { _ = try ProcessSample.run("/bin/chown", ["65534:65534", temporary]) }
            let delivered = Date()
            guard rename(temporary, folder + "/dovecot/mail/bench/Maildir/.Bench/new/\(1_800_000_000 + number).arrival\(number).bench") == 0 else {
                throw ProcessFailure(command: "rename", reason: "could not deliver the message")
            }
            try feed.wait(for: reference, timeout: 120)
            mail.append(Date().timeIntervalSince(delivered))
            log("  mail \(number + 1): \(f(mail.last!)) s")
            Thread.sleep(forTimeInterval: 1)
        }

        var files: [Double] = []
        for number in 0..<deliveries {
            let reference = "FILE-\(number)"
            let temporary = folder + "/inputs/.arrival-\(number).json"
            try Self.bookingFile(reference).write(to: URL(fileURLWithPath: temporary))
            let written = Date()
            guard rename(temporary, folder + "/inputs/arrival-\(number).json") == 0 else {
                throw ProcessFailure(command: "rename", reason: "could not write the file")
            }
            try feed.wait(for: reference, timeout: 120)
            files.append(Date().timeIntervalSince(written))
            log("  file \(number + 1): \(f(files.last!)) s")
            Thread.sleep(forTimeInterval: 1)
        }
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

            """
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }

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
