import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `reservation-feed serve`, run as a person runs it, and spoken to over loopback HTTP.
@Suite("The serve command", .serialized)
struct ServeCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    /// A running server, stopped with SIGTERM at the end.
    final class Server: @unchecked Sendable {
        let process = Process()
        /// The whole feed's address.
        let url: URL
        /// Each view's `http` address, the whole feed's first: full, shared, busy.
        let urls: [URL]
        let errors = Pipe()

        init(_ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = [:]) throws {
            let output = Pipe()
            process.executableURL = ServeCommandTests.tool
            process.environment = TestEnvironment.variables(environment)
            process.arguments = ["serve"] + arguments + ["--port", "0"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // The first line on standard output is the feed's URL, once the server listens; then
            // its webcal form, and each other view's two.
            let reader = output.fileHandleForReading
            var text = ""
            let deadline = Date().addingTimeInterval(60)
            while text.filter({ $0 == "\n" }).count < 6, Date() < deadline, process.isRunning {
                text += String(decoding: reader.availableData, as: UTF8.self)
            }
            guard let line = text.split(separator: "\n").first, let url = URL(string: String(line)) else {
                process.terminate()
                throw ServeError.noURL(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            }
            self.url = url
            urls = text.split(separator: "\n").filter { $0.hasPrefix("http://") }.compactMap { URL(string: String($0)) }
        }

        /// Sends SIGTERM and returns the exit status.
        func stop() -> Int32 {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    enum ServeError: Error { case noURL(String), noResponse }

    /// One request, waited for.
    static func request(_ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: 30)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, [String: String], Data)?
        session.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in response.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
                result = (response.statusCode, fields, data ?? Data())
            }
            done.signal()
        }.resume()
        done.wait()
        session.finishTasksAndInvalidate()
        guard let result else { throw ServeError.noResponse }
        return result
    }

    /// The inbox token `serve` keeps beside the feed.
    static func inboxToken(_ feedPath: String) throws -> String {
        try String(contentsOfFile: feedPath + ".inbox-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func donation(_ status: String) -> Data {
        Data(
            """
            {"@context": "https://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "DONATED-7",
             "reservationStatus": "https://schema.org/\(status)", "underName": {"@type": "Person", "name": "Ada"},
             "reservationFor": {"@type": "FoodEstablishment", "name": "Savoy",
               "address": {"@type": "PostalAddress", "addressLocality": "Helsinki", "addressCountry": "FI"}},
             "startTime": "2030-06-20T19:00:00+03:00"}
            """.utf8)
    }

    /// Waits until `condition` holds, up to `seconds`.
    static func eventually(_ seconds: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return try condition()
    }

    @Test("a subscriber gets the file's bytes, 304 when unchanged, donations and their cancellation, input edits within seconds, and SIGTERM exits 0")
    func wholeLife() throws {
        let folder = try TemporaryFolder("serve")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        for name in ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json"] {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent("inbox/" + name))
        }
        let server = try Server(["inbox", "--output", "trips.ics", "--name", "Trips"], in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        let feedPath = folder.path("trips.ics")
        #expect(server.url.path.hasSuffix("/trips.ics"))
        #expect(server.url.host == "127.0.0.1")

        // The secret: 192 bits, kept beside the feed, readable by its owner only.
        let secret = server.url.pathComponents[1]
        #expect(secret.utf8.count >= 22)
        let attributes = try FileManager.default.attributesOfItem(atPath: feedPath + ".secret")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The feed, as on disk; then 304 for a client that has it.
        let (status, headers, body) = try Self.request(server.url)
        #expect(status == 200)
        #expect(headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(body == FileManager.default.contents(atPath: feedPath))
        let tag = try #require(headers["etag"])
        #expect(try Self.request(server.url, headers: ["If-None-Match": tag]).0 == 304)
        #expect(try Self.request(server.url, headers: ["If-Modified-Since": try #require(headers["last-modified"])]).0 == 304)
        var wrong = server.url.deletingLastPathComponent().deletingLastPathComponent()
        wrong.appendPathComponent(String(secret.reversed()))
        #expect(try Self.request(wrong.appendingPathComponent("trips.ics")).0 == 404)
        #expect(try Self.request(server.url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("health")).0 == 200)

        // The inbox opens only with its own token, never with the feed's address alone: refused
        // before the body is read, and nothing kept.
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let token = try Self.inboxToken(feedPath)
        let tokenAttributes = try FileManager.default.attributesOfItem(atPath: feedPath + ".inbox-token")
        #expect((tokenAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(token != secret)
        for headers in [[:], ["Authorization": "Bearer " + secret], ["Authorization": "Basic " + token], ["Authorization": "Bearer " + token + "x"]] {
            let (unauthorized, fields, answer) = try Self.request(inbox, method: "POST", headers: headers, body: Self.donation("ReservationConfirmed"))
            #expect(unauthorized == 401, "\(headers)")
            #expect(fields["www-authenticate"] == #"Bearer realm="reservation-feed inbox""#)
            #expect(String(decoding: answer, as: UTF8.self).contains("nothing was kept"))
            #expect(!String(decoding: answer, as: UTF8.self).contains(token))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("inbox")).count == 2)

        // A donation becomes an event; the same again is one event; its cancellation cancels it.
        let authorized = ["Authorization": "Bearer " + token]
        let (created, _, receipt) = try Self.request(inbox, method: "POST", headers: authorized, body: Self.donation("ReservationConfirmed"))
        #expect(created == 201, "\(String(decoding: receipt, as: UTF8.self))")
        #expect(String(decoding: receipt, as: UTF8.self).contains("\"title\": \"Restaurant · Savoy"))
        var feed = String(decoding: try Self.request(server.url).2, as: UTF8.self)
        #expect(feed.components(separatedBy: "Savoy").count - 1 >= 1)
        #expect(try Self.request(server.url, headers: ["If-None-Match": tag]).0 == 200)
        #expect(try Self.request(inbox, method: "POST", headers: authorized, body: Self.donation("ReservationConfirmed")).0 == 200)
        Thread.sleep(forTimeInterval: 1.1)  // the cancellation is the newer document
        #expect(try Self.request(inbox, method: "POST", headers: authorized, body: Self.donation("ReservationCancelled")).0 == 201)
        feed = String(decoding: try Self.request(server.url).2, as: UTF8.self)
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3)
        #expect(feed.contains("SUMMARY:Cancelled: Restaurant · Savoy"))
        let (refused, _, message) = try Self.request(inbox, method: "POST", headers: authorized, body: Data("{\"hello\": 1}".utf8))
        #expect(refused == 422)
        #expect(String(decoding: message, as: UTF8.self).contains("no reservation found"))
        // A booking over already makes no event: refused, rather than kept and never in the feed.
        let past = String(decoding: Self.donation("ReservationConfirmed"), as: UTF8.self)
            .replacingOccurrences(of: "2030-06-20", with: "2020-06-20").replacingOccurrences(of: "DONATED-7", with: "DONATED-PAST")
        let (over, _, overAnswer) = try Self.request(inbox, method: "POST", headers: authorized, body: Data(past.utf8))
        #expect(over == 422, "\(String(decoding: overAnswer, as: UTF8.self))")
        #expect(String(decoding: overAnswer, as: UTF8.self).contains("it makes no event"))

        // An input added while serving shows within seconds.
        try FileManager.default.copyItem(
            at: Repository.url("Examples/trip/7-train-oslo-bergen.json"), to: folder.url.appendingPathComponent("inbox/7-train.json"))
        #expect(try Self.eventually(15) { String(decoding: try Self.request(server.url).2, as: UTF8.self).contains("Bergen") })

        let verdict = try ICSValidator.validate([feedPath])
        #expect(verdict.passed, "\(verdict.report)")
        // Logs name no secret.
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!log.contains(secret))
        #expect(!log.contains(token), "the inbox token is in no log line")
        #expect(log.contains("trips.ics.inbox-token (Authorization: Bearer TOKEN)"), "the log says where the token is")
        #expect(log.contains("POST /…/inbox 401"))
        #expect(log.contains("GET /…/trips.ics 304"))
    }

    @Test("a feed kept inside its own input folder: serve reacts to its inputs only, and the feed never grows by itself")
    func feedInsideItsInputs() throws {
        let folder = try TemporaryFolder("serve-inside")
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for name in ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json"] {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: inputs.appendingPathComponent(name))
        }
        let server = try Server(["in", "--output", "in/feed.ics", "--now", "2030-06-01T00:00:00Z"], in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        let feedPath = folder.path("in/feed.ics")
        let count = { () throws -> Int in
            (try String(contentsOfFile: feedPath, encoding: .utf8)).components(separatedBy: "BEGIN:VEVENT").count - 1
        }
        #expect(try count() == 2)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/7-train-oslo-bergen.json"), to: inputs.appendingPathComponent("7.json"))
        #expect(try Self.eventually(15) { try count() == 3 })
        // Its own writes, its spool and its secrets change nothing: still three, seconds later.
        Thread.sleep(forTimeInterval: 3)
        #expect(try count() == 3)
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let runs = log.split(separator: "\n").filter { $0.hasPrefix("Wrote ") || $0.hasPrefix("Left ") }
        #expect(runs.count == 2, "\(log)")
        #expect(!log.contains("feed.ics") || !log.contains("[changed: \(folder.url.path)/in/feed"), "\(log)")
        #expect(!log.contains("/#"), "\(log)")
    }

    @Test("an inbox outside the input folders: what it accepts reaches the feed, and stays after a restart; a feed of this tool is refused")
    func separateInbox() throws {
        let folder = try TemporaryFolder("serve-inbox")
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: inputs.appendingPathComponent("2.json"))
        let arguments = ["in", "--inbox", "donations", "--output", "trips.ics", "--now", "2030-06-01T00:00:00Z"]
        var server = try Server(arguments, in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        let feedPath = folder.path("trips.ics")
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let authorized = ["Authorization": "Bearer " + (try Self.inboxToken(feedPath))]
        let (created, _, receipt) = try Self.request(inbox, method: "POST", headers: authorized, body: Self.donation("ReservationConfirmed"))
        #expect(created == 201, "\(String(decoding: receipt, as: UTF8.self))")
        #expect(try Self.eventually(15) { String(decoding: try Self.request(server.url).2, as: UTF8.self).contains("Savoy") })
        // A feed this tool wrote holds events, not reservations: refused, not kept and dropped.
        let (refused, _, answer) = try Self.request(inbox, method: "POST", headers: authorized, body: try Data(contentsOf: URL(fileURLWithPath: feedPath)))
        #expect(refused == 422)
        #expect(String(decoding: answer, as: UTF8.self).contains("a feed reservation-feed wrote"))
        #expect(server.stop() == 0)
        // Started again, the inbox is read from the start.
        server = try Server(arguments, in: folder)
        let feed = String(decoding: try Self.request(server.url).2, as: UTF8.self)
        #expect(feed.contains("Savoy"))
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
        stopped = true
        #expect(server.stop() == 0)
    }

    @Test("a missing input stops serve before it listens, as it stops generate (exit 2)")
    func missingInput() throws {
        let folder = try TemporaryFolder("serve-missing")
        let result = try ProcessRunner.run(Self.tool, ["serve", "no-such-folder", "--output", folder.path("f.ics"), "--port", "0"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no-such-folder"))
    }

    @Test("a donated e-mail that the feed would refuse (another organization's change to a booking) is refused, not kept and dropped")
    func donationTheFeedWouldRefuse() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        try keys.make(selector: "s1", domain: "travel-deals.example")
        let folder = try TemporaryFolder("serve-refused")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("inbox/2.json"))
        // Any verified sender's bookings are believed (--trust-verified), but a booking changes only by its own.
        let server = try Server(["inbox", "--output", "trips.ics", "--now", "2030-06-01T00:00:00Z", "--dkim-keys", keys.keysFile, "--trust-verified"], in: folder)
        defer { _ = server.stop() }
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let authorized = ["Authorization": "Bearer " + (try Self.inboxToken(folder.path("trips.ics")))]
        let booked = try keys.sign(TrustedSenderTests.flight("K9DON8"), selector: "s1", domain: "united.com")
        let (created, _, receipt) = try Self.request(inbox, method: "POST", headers: authorized, body: Data(booked.utf8))
        #expect(created == 201, "\(String(decoding: receipt, as: UTF8.self))")
        #expect(try Self.eventually(15) { String(decoding: try Self.request(server.url).2, as: UTF8.self).contains("Flight UA 110") })
        // A verified stranger, later, cancelling United's booking: the feed would not take it.
        let cancelled = try keys.sign(
            TrustedSenderTests.flight(
                "K9DON8", from: "Deals <mail@travel-deals.example>", status: "ReservationCancelled", messageID: "deals@x",
                date: "Tue, 04 Jun 2030 10:00:00 +0000"),
            selector: "s1", domain: "travel-deals.example")
        let (refused, _, answer) = try Self.request(inbox, method: "POST", headers: authorized, body: Data(cancelled.utf8))
        #expect(refused == 422, "\(String(decoding: answer, as: UTF8.self))")
        #expect(String(decoding: answer, as: UTF8.self).contains("another organization's mail"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("inbox")).count == 2, "nothing was kept")
        #expect(!String(decoding: try Self.request(server.url).2, as: UTF8.self).contains("CANCELLED"))
    }

    @Test("a port in use stops serve before anything is written, in the tool's words (exit 2)")
    func portInUse() throws {
        let folder = try TemporaryFolder("serve-port")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("in/2.json"))
        // A first server holds a port; a second asks for it.
        let first = try Server(["in", "--output", "first.ics", "--now", "2030-06-01T00:00:00Z"], in: folder)
        defer { _ = first.stop() }
        let port = try #require(first.url.port)
        let result = try ProcessRunner.run(Self.tool, ["serve", folder.path("in"), "--output", folder.path("second.ics"), "--port", "\(port)"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("the port is in use: another program listens on \(port) (choose another --port, or stop that program); nothing was written"), "\(result.standardError)")
        #expect(!result.standardError.contains("errno"))
        for name in ["second.ics", "second.ics.secret", "second.ics.inbox-token"] {
            #expect(!FileManager.default.fileExists(atPath: folder.path(name)), "\(name) was written")
        }
        // The same by a host's name; a name nothing resolves; an inbox that cannot be made.
        let byName = try ProcessRunner.run(
            Self.tool, ["serve", folder.path("in"), "--output", folder.path("third.ics"), "--port", "\(port)", "--host", "localhost"])
        #expect(byName.status == 2)
        #expect(byName.standardError.contains("the port is in use"), "\(byName.standardError)")
        let unknown = try ProcessRunner.run(
            Self.tool, ["serve", folder.path("in"), "--output", folder.path("third.ics"), "--port", "0", "--host", "nosuch.invalid"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no address is known for nosuch.invalid"), "\(unknown.standardError)")
        _ = try folder.write("a-file", "x")
        let inbox = try ProcessRunner.run(
            Self.tool, ["serve", folder.path("in"), "--output", folder.path("third.ics"), "--port", "0", "--inbox", folder.path("a-file/sub")])
        #expect(inbox.status == 2)
        #expect(inbox.standardError.contains("cannot be made (not a directory)"), "\(inbox.standardError)")
        for name in ["third.ics", "third.ics.secret", "third.ics.inbox-token"] {
            #expect(!FileManager.default.fileExists(atPath: folder.path(name)), "\(name) was written")
        }
    }

    @Test("an empty input folder is served as a valid empty calendar, which the first booking fills")
    func emptyFolder() throws {
        let folder = try TemporaryFolder("serve-empty")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        let server = try Server(["in", "--output", "feed.ics", "--now", "2030-06-01T00:00:00Z"], in: folder)
        defer { _ = server.stop() }
        let (status, headers, body) = try Self.request(server.url)
        #expect(status == 200)
        #expect(headers["content-type"] == "text/calendar; charset=utf-8")
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(!text.contains("BEGIN:VEVENT"))
        let empty = try folder.write("empty.ics", text)
        let verdict = try ICSValidator.validate([empty])
        #expect(verdict.passed, "\(verdict.report)")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("in/2.json"))
        #expect(try Self.eventually(15) { String(decoding: try Self.request(server.url).2, as: UTF8.self).contains("BEGIN:VEVENT") })
    }

    /// Headless Chromium (Debian `chromium`), which `.ci/setup tests` installs.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("the preview page in a real browser: the events as text, a hostile title inert, no script, a phone-width screenshot")
    func previewInBrowser() throws {
        guard let chromium = Self.chromium else {
            Issue.record("headless Chromium is not installed (Debian: chromium; .ci/setup tests installs it): the preview page was not tried in a browser")
            return
        }
        let folder = try TemporaryFolder("serve-browser")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        for name in ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json", "3-lodging-glo-hotel-sello.json"] {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent("in/" + name))
        }
        _ = try folder.write("in/hostile.json", """
            {"@context": "https://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "X-1",
             "reservationFor": {"@type": "FoodEstablishment", "name": "<script>document.title='owned'</script><img src=x onerror=alert(1)>",
               "address": {"@type": "PostalAddress", "addressLocality": "Helsinki", "addressCountry": "FI"}},
             "startTime": "2030-06-18T19:00:00+03:00"}
            """)
        let server = try Server(["in", "--output", "trips.ics", "--name", "Trips"], in: folder)
        defer { _ = server.stop() }
        let page = server.url.deletingLastPathComponent().absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + folder.path("profile")]
        let dom = try ProcessRunner.run(URL(fileURLWithPath: chromium), common + ["--dump-dom", page])
        #expect(dom.status == 0, "\(dom.standardError)")
        // What the browser built from the page: the title as text, no element from it.
        #expect(dom.standardOutput.contains("<title>Trips</title>"))
        #expect(dom.standardOutput.contains("&lt;script&gt;document.title='owned'&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!dom.standardOutput.contains("<script"))
        #expect(!dom.standardOutput.contains("<img"))
        #expect(dom.standardOutput.contains("Restaurant · EPIC Steak"))
        #expect(dom.standardOutput.contains("19:30 – 21:30 America/Los_Angeles"))
        #expect(dom.standardOutput.contains("webcal://"))
        let screenshot = folder.path("preview.png")
        let shot = try ProcessRunner.run(
            URL(fileURLWithPath: chromium), common + ["--hide-scrollbars", "--window-size=390,1400", "--screenshot=" + screenshot, page])
        #expect(shot.status == 0, "\(shot.standardError)")
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }

    /// The events of iCalendar text, each as its SUMMARY, DTSTART, DTEND, STATUS and SEQUENCE
    /// lines (unfolded), in order. UIDs are left out: vdirsyncer's subscriptions replace them with
    /// digests of the events, by design, since many published feeds change theirs.
    static func events(_ text: String) -> [[String]] {
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "\n")
        var events: [[String]] = []
        for block in unfolded.components(separatedBy: "BEGIN:VEVENT\n").dropFirst() {
            let body = block.components(separatedBy: "END:VEVENT")[0]
            events.append(
                body.split(separator: "\n").map(String.init).filter { line in
                    ["SUMMARY:", "DTSTART", "DTEND", "STATUS:", "SEQUENCE:"].contains { line.hasPrefix($0) }
                }.sorted())
        }
        return events.sorted { $0.joined() < $1.joined() }
    }

    /// Syncs a vdirsyncer subscription to the feed's URL into a folder, and returns what the
    /// folder then holds.
    static func subscribe(_ url: URL, in folder: TemporaryFolder) throws -> [[String]] {
        let config = try folder.write("vdirsyncer.conf", """
            [general]
            status_path = "\(folder.path("status"))/"

            [pair trips]
            a = "remote"
            b = "local"
            collections = null
            conflict_resolution = "a wins"

            [storage remote]
            type = "http"
            url = "\(url.absoluteString)"

            [storage local]
            type = "filesystem"
            path = "\(folder.path("calendar"))/"
            fileext = ".ics"
            """)
        try FileManager.default.createDirectory(atPath: folder.path("calendar"), withIntermediateDirectories: true)
        let python = Repository.url("Tests/Tools/python")
        for command in ["discover", "sync"] {
            let run = try ProcessRunner.run(python, ["-m", "vdirsyncer", "-c", config, command], input: Data("y\n".utf8))
            #expect(run.status == 0, "vdirsyncer \(command): \(run.standardError)")
        }
        var events: [[String]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("calendar")) where name.hasSuffix(".ics") {
            let text = try String(contentsOfFile: folder.path("calendar/" + name), encoding: .utf8)
            let found = Self.events(text)
            #expect(found.count == 1, "\(name) holds \(found.count) events")
            events += found
        }
        return events.sorted { $0.joined() < $1.joined() }
    }

    @Test("a real subscriber (vdirsyncer) mirrors the served feed event for event, and follows a change, a cancellation and an addition")
    func subscriber() throws {
        let folder = try TemporaryFolder("serve-subscriber")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        for name in ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json", "3-lodging-glo-hotel-sello.json", "4-ticketed-event-concert.json"] {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent("in/" + name))
        }
        let server = try Server(["in", "--output", "trips.ics"], in: folder)
        defer { _ = server.stop() }
        let feedPath = folder.path("trips.ics")
        let first = try Self.subscribe(server.url, in: folder)
        #expect(first.count == 4)
        #expect(first == Self.events(try String(contentsOfFile: feedPath, encoding: .utf8)))
        let uids = { (text: String) in Set(text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }) }
        let firstUIDs = uids(try String(contentsOfFile: feedPath, encoding: .utf8))

        // The restaurant booking grows to three people, the concert leaves the input, a flight arrives.
        let restaurant = folder.path("in/1-restaurant-epic-steak.json")
        let text = try String(contentsOfFile: restaurant, encoding: .utf8)
        #expect(text.contains("\"partySize\": 2"))
        try text.replacingOccurrences(of: "\"partySize\": 2", with: "\"partySize\": 3").write(toFile: restaurant, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder.path("in/4-ticketed-event-concert.json"))
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/7-train-oslo-bergen.json"), to: folder.url.appendingPathComponent("in/7.json"))
        #expect(try Self.eventually(15) {
            let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
            return feed.contains("3 people") && feed.contains("STATUS:CANCELLED") && feed.contains("Bergen")
        })
        let second = try Self.subscribe(server.url, in: folder)
        #expect(second.count == 5)
        #expect(second == Self.events(try String(contentsOfFile: feedPath, encoding: .utf8)))
        // Changed in place: a higher SEQUENCE for the two that changed, which keep their UIDs.
        let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
        #expect(second.filter { $0.contains("SEQUENCE:1") }.count == 2)
        #expect(uids(feed).count == 5)
        #expect(firstUIDs.isSubset(of: uids(feed)))
    }

    @Test("what fails while serving loses nothing: an oversized donation is refused unread, a broken input is reported, an emptied folder keeps the last good feed")
    func failures() throws {
        let folder = try TemporaryFolder("serve-failures")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        let names = ["1-restaurant-epic-steak.json", "2-flight-sfo-hel.json", "3-lodging-glo-hotel-sello.json", "4-ticketed-event-concert.json"]
        for name in names {
            try FileManager.default.copyItem(at: Repository.url("Examples/trip/" + name), to: folder.url.appendingPathComponent("in/" + name))
        }
        let server = try Server(["in", "--output", "trips.ics", "--limit", "file-size=4K"], in: folder)
        defer { _ = server.stop() }
        let (_, headers, original) = try Self.request(server.url)
        let tag = try #require(headers["etag"])

        // Larger than the file-size limit: 413, and nothing kept; without the token, 401 first.
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let authorized = ["Authorization": "Bearer " + (try Self.inboxToken(folder.path("trips.ics")))]
        let (tooLarge, _, _) = try Self.request(inbox, method: "POST", headers: authorized, body: Data(repeating: 0x20, count: 64 * 1024))
        #expect(tooLarge == 413)
        #expect(try Self.request(inbox, method: "POST", body: Data(repeating: 0x20, count: 64 * 1024)).0 == 401)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("in")).count == names.count)

        // A broken file: reported with its place; the feed keeps the events of the others.
        _ = try folder.write("in/broken.json", "{\"reservations\": [ {\"type\": \"restaurant\", ")
        Thread.sleep(forTimeInterval: 3)
        #expect(try Self.request(server.url, headers: ["If-None-Match": tag]).0 == 304)

        // Three of four inputs gone at once (an unmounted folder, a bad sync): the shrink guard
        // refuses, the last good feed is still served, and the log says why.
        for name in names.dropFirst() { try FileManager.default.removeItem(atPath: folder.path("in/" + name)) }
        Thread.sleep(forTimeInterval: 3)
        let (status, _, body) = try Self.request(server.url)
        #expect(status == 200)
        #expect(body == original)
        #expect(server.process.isRunning)
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("POST /…/inbox 413"))
        #expect(log.contains("in/broken.json"))
        #expect(log.contains("not made again") && log.contains("still serving the last good feed"), "\(log)")
    }

    @Test("a burst of changes (a folder of 40 files copied in) makes one or two regenerations, not forty")
    func burst() throws {
        let folder = try TemporaryFolder("serve-burst")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("in/first.json"))
        let server = try Server(["in", "--output", "trips.ics"], in: folder)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        let template = try String(contentsOf: Repository.url("Examples/trip/1-restaurant-epic-steak.json"), encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("in/burst"), withIntermediateDirectories: true)
        for index in 0..<40 {
            let text = template.replacingOccurrences(of: "\"reservationNumber\": \"", with: "\"reservationNumber\": \"B\(index)-")
            try text.write(toFile: folder.path("in/burst/\(index).json"), atomically: true, encoding: .utf8)
        }
        #expect(try Self.eventually(15) {
            String(decoding: try Self.request(server.url).2, as: UTF8.self).components(separatedBy: "BEGIN:VEVENT").count - 1 == 41
        })
        Thread.sleep(forTimeInterval: 1)
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let runs = log.split(separator: "\n").filter { $0.hasPrefix("Wrote ") && $0.contains("[changed: ") }
        #expect((1...2).contains(runs.count), "\(runs)")
    }
}
