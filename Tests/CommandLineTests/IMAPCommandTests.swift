import Foundation
import TestSupport
import Testing

/// IMAP folders as inputs, against a real Dovecot on loopback: booking e-mails appended with
/// Python's imaplib, read through the real programs (`reservation-feed` runs
/// `reservation-feed-mail`), with what the server sent read from its own log.
@Suite("IMAP folders as inputs", .serialized)
struct IMAPCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"
    static let confirmed = "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml"
    static let hotel = "Examples/markup/hotel-confirmation.eml"
    static let cancelled = "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-3-cancelled.eml"

    /// A server, a folder for the test's files and cache, and the environment to run with.
    private struct Setup {
        let server: IMAPTestServer
        let folder: TemporaryFolder
        var environment: [String: String] { server.environment(cache: folder.path("cache")) }
        var feed: String { folder.path("mail.ics") }

        init(idle: Bool = true) throws {
            server = try IMAPTestServer(idle: idle)
            folder = try TemporaryFolder("imap")
        }

        /// Runs the tool with the keys that signed the repository's e-mails (and `keys`, the test's own).
        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessOutput {
            try ProcessRunner.run(
                IMAPCommandTests.tool, arguments + Repository.dkimKeyOptions + keys.flatMap { ["--dkim-keys", $0] },
                environment: environment.merging(extra) { $1 })
        }

        /// Key files of the test's own.
        var keys: [String] = []

        func generate(_ inputs: [String], extra: [String: String] = [:]) throws -> ProcessOutput {
            try run(["generate"] + inputs + ["--output", feed, "--now", IMAPCommandTests.now], environment: extra)
        }

        func feedText() throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: feed)), as: UTF8.self) }
    }

    @Test("a folder's booking e-mails become events; a second run downloads no message, asks KDE's extractor nothing, and leaves the feed byte-identical")
    func readsAndCaches() throws {
        var setup = try Setup()
        // KDE's test e-mail, signed here as its sender would have (dkimpy, with a key of the test's own).
        let keys = try DKIMTestKeys()
        try keys.make(selector: "mail", domain: "aohostels.com")
        let hostel = try setup.folder.write(
            "aohostels.eml",
            try keys.sign(String(decoding: try Data(contentsOf: Repository.url("Tests/Corpus/kde/aohostels.eml")), as: UTF8.self),
                selector: "mail", domain: "aohostels.com"))
        setup.keys = [keys.keysFile]
        try setup.server.append([Self.confirmed, Self.hotel, hostel])
        let url = setup.server.url()
        let extractor = try CountingExtractor(in: setup.folder)
        let first = try setup.generate([url], extra: ["KITINERARY_EXTRACTOR": extractor.program])
        #expect(first.status == 0, "\(first.standardError)")
        // The hostel's booking (read by KDE's extractor: the e-mail has no markup) ended in 2018.
        #expect(first.standardError.contains("2 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (3 reservations from 1 input holding 3 messages; skipped 1 already ended)"), "\(first.standardError)")
        #expect(setup.server.bodiesSent == 3)
        let feed = try setup.feedText()
        #expect(feed.contains("SUMMARY:Restaurant · EPIC Steak (2 people)"))
        #expect(feed.contains("SUMMARY:Hotel · Hotel Norge by Scandic"))
        let verdict = try ICSValidator.validate([setup.feed])
        #expect(verdict.passed, "\(verdict.report)")
        // Cached by UIDVALIDITY and UID, readable by the owner only.
        let cached = try FileManager.default.subpathsOfDirectory(atPath: setup.folder.path("cache/reservation-feed/mail")).filter { $0.hasSuffix(".eml") }
        #expect(cached.count == 3)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: setup.folder.path("cache/reservation-feed/mail"))[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "the mail cache is open to other users: \(String(mode, radix: 8))")

        #expect(extractor.runs == 1, "the hostel's e-mail, without markup, goes to KDE's extractor")
        // What a run killed while writing leaves behind is cleared by the next.
        let generation = setup.folder.path("cache/reservation-feed/mail/" + (cached.sorted().first! as NSString).deletingLastPathComponent)
        let leftover = generation + "/.partial-99.eml"
        FileManager.default.createFile(atPath: leftover, contents: Data("half a mess".utf8))
        let second = try setup.generate([url], extra: ["KITINERARY_EXTRACTOR": extractor.program])
        #expect(second.status == 0)
        #expect(extractor.runs == 1, "what the extractor said is kept beside the cached message")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(second.standardError.contains("0 added, 0 updated, 0 cancelled, 0 removed, 2 unchanged"), "\(second.standardError)")
        #expect(setup.server.bodiesSent == 3, "the second run downloaded messages again")
        #expect(try setup.feedText() == feed)

        // A cached message lost (a crash before it reached the disk, a hand): fetched again, alone.
        let lost = try #require(cached.sorted().first)
        try FileManager.default.removeItem(atPath: setup.folder.path("cache/reservation-feed/mail/" + lost))
        let repaired = try setup.generate([url])
        #expect(repaired.status == 0)
        #expect(setup.server.bodiesSent == 4, "the lost message, and only it, is downloaded again")
        #expect(try setup.feedText() == feed)

        // lint reads the same folder and names messages by their RFC 5092 URL.
        let lint = try setup.run(["lint", url, "--now", Self.now])
        #expect(lint.standardOutput.hasPrefix("\(url);UIDVALIDITY="), "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains("/;UID=3: kitinerary[0]: warning: ended 2018-08-18"), "\(lint.standardOutput)")
        #expect(lint.standardOutput.hasSuffix("3 reservations in 1 input (3 messages): 0 errors, 1 warning\n"), "\(lint.standardOutput)")
    }

    @Test("a message deleted from the folder keeps its booking; a later one that cancels it cancels it")
    func deletionAndCancellation() throws {
        let setup = try Setup()
        try setup.server.append([Self.confirmed, Self.hotel])
        let url = setup.server.url()
        #expect(try setup.generate([url]).status == 0)
        try setup.server.tool(["delete", "INBOX", "SCN-4410927"])
        try setup.server.append([Self.cancelled])
        let result = try setup.generate([url])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("0 added, 0 updated, 1 cancelled, 0 removed, 1 unchanged"), "\(result.standardError)")
        let feed = try setup.feedText()
        #expect(feed.contains("SUMMARY:Hotel · Hotel Norge by Scandic"))
        #expect(feed.contains("SUMMARY:Cancelled: Restaurant · EPIC Steak (2 people)"))
        #expect(setup.server.bodiesSent == 3)
    }

    @Test("a folder named with non-ASCII letters and an ampersand: the URL's UTF-8 is IMAP's modified UTF-7, in generate and in serve's watch")
    func nonASCIIFolder() throws {
        let setup = try Setup()
        let name = "Reisen Zürich & 日本"
        try setup.server.append([Self.confirmed], to: name)
        let url = setup.server.url(name)
        #expect(url.hasSuffix("/Reisen%20Z%C3%BCrich%20&%20%E6%97%A5%E6%9C%AC"), "\(url)")
        let result = try setup.generate([url])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.feedText().contains("SUMMARY:Restaurant · EPIC Steak (2 people)"))
        // The cache's folder is named by the URL's percent-encoding, and lint names messages so.
        let folders = try FileManager.default.subpathsOfDirectory(atPath: setup.folder.path("cache/reservation-feed/mail"))
        #expect(folders.contains { $0.hasSuffix("Reisen%20Z%C3%BCrich%20%26%20%E6%97%A5%E6%9C%AC") || $0.hasSuffix("Reisen%20Z%C3%BCrich%20&%20%E6%97%A5%E6%9C%AC") }, "\(folders)")
        let lint = try setup.run(["lint", url, "--now", Self.now])
        #expect(lint.standardOutput.hasSuffix("1 reservation in 1 input (1 message): 0 errors, 0 warnings\n"), "\(lint.standardOutput)\(lint.standardError)")
        // serve watches the same folder and sees a new message in it.
        let server = try ServeCommandTests.Server([url, "--output", setup.feed, "--now", Self.now] + Repository.dkimKeyOptions, in: setup.folder, environment: setup.environment)
        defer { _ = server.stop() }
        try setup.server.append([Self.hotel], to: name)
        #expect(
            try ServeCommandTests.eventually(15) { String(decoding: try ServeCommandTests.request(server.url).2, as: UTF8.self).contains("Hotel Norge") },
            "the new message in the folder was not seen within 15 s")
    }

    @Test("a folder renumbered by the server (a new UIDVALIDITY) is matched by Message-ID: nothing downloaded again, nothing duplicated")
    func newUIDValidity() throws {
        let setup = try Setup()
        try setup.server.append([Self.confirmed, Self.hotel], to: "Travel 2030")
        let url = setup.server.url("Travel 2030")
        #expect(url.hasSuffix("/Travel%202030"))
        #expect(try setup.generate([url]).status == 0)
        let before = try setup.feedText()
        let sentBefore = setup.server.bodiesSent
        try setup.server.tool(["recreate", "Travel 2030"])
        let sentByRecreating = setup.server.bodiesSent - sentBefore  // imaplib fetched them to copy them
        let result = try setup.generate([url])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("2 unchanged (2 reservations from 1 input holding 2 messages)"), "\(result.standardError)")
        #expect(try setup.feedText() == before)
        #expect(setup.server.bodiesSent - sentBefore - sentByRecreating == 0)
    }

    @Test("STARTTLS on imap://, with the certificate checked as over imaps://")
    func startTLS() throws {
        let setup = try Setup()
        try setup.server.append([Self.hotel])
        let result = try setup.generate([setup.server.url(startTLS: true)])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(setup.server.log.contains("TLS"))
    }

    @Test("a refused login, an untrusted certificate, a stopped server: exit 2 naming the folder, never the password, and the feed untouched")
    func failures() throws {
        let setup = try Setup()
        try setup.server.append([Self.hotel])
        let url = setup.server.url()
        #expect(try setup.generate([url]).status == 0)
        let feed = try setup.feedText()

        let refused = try setup.generate([url, "Examples/trip"], extra: ["RESERVATION_FEED_IMAP_PASSWORD": "wrong-password"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("error: \(url): login refused"), "\(refused.standardError)")
        #expect(!refused.standardError.contains("wrong-password"))

        let untrusted = try setup.generate([url], extra: ["SSL_CERT_FILE": "/dev/null"])
        #expect(untrusted.status == 2)
        #expect(untrusted.standardError.contains("certificate is not trusted for localhost"), "\(untrusted.standardError)")

        let inURL = try setup.run(["lint", url.replacingOccurrences(of: "traveller@", with: "traveller:hunter2@")])
        #expect(inURL.status == 2)
        #expect(!inURL.standardError.contains("hunter2"))

        let passwordFile = try setup.folder.write("password", IMAPTestServer.password + "\n")
        chmod(passwordFile, 0o644)
        let readable = try setup.generate([url, "--mail-password-file", passwordFile])
        #expect(readable.status == 2)
        #expect(readable.standardError.contains("can be read by other users"), "\(readable.standardError)")
        chmod(passwordFile, 0o600)
        let fromFile = try setup.generate([url, "--mail-password-file", passwordFile], extra: ["RESERVATION_FEED_IMAP_PASSWORD": ""])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")

        setup.server.stop()
        let stopped = try setup.generate([url])
        #expect(stopped.status == 2)
        #expect(stopped.standardError.contains("error: \(url): cannot connect"), "\(stopped.standardError)")
        #expect(try setup.feedText() == feed)
    }

    @Test("serve sees a new message in a watched folder within 10 seconds, and keeps serving while the server is away")
    func serveFollowsMail() throws {
        let setup = try Setup()
        try setup.server.append([Self.confirmed])
        let server = try ServeCommandTests.Server(
            [setup.server.url(), "--output", setup.feed, "--now", Self.now] + Repository.dkimKeyOptions, in: setup.folder, environment: setup.environment)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        func served() throws -> String { String(decoding: try ServeCommandTests.request(server.url).2, as: UTF8.self) }
        #expect(try served().contains("EPIC Steak"))

        let appended = Date()
        try setup.server.append([Self.hotel])
        #expect(try ServeCommandTests.eventually(10) { try served().contains("Hotel Norge") }, "the new message was not seen within 10 s")
        let seenAfter = Date().timeIntervalSince(appended)
        #expect(seenAfter < 10)

        // The mail server goes away: the last feed is still served; back again, new mail shows.
        setup.server.stop()
        Thread.sleep(forTimeInterval: 1)
        #expect(try served().contains("Hotel Norge"))
        try setup.server.start()
        try setup.server.append([Self.cancelled])
        #expect(
            try ServeCommandTests.eventually(30) { try served().contains("SUMMARY:Cancelled: Restaurant · EPIC Steak") },
            "the cancellation sent after the server came back was not seen")
        stopped = true
        #expect(server.stop() == 0)
        let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("trying again in"), "\(log)")
        #expect(!log.contains(IMAPTestServer.password))
    }

    @Test("publish --follow sees a new message in a mail folder within 10 seconds and puts its booking in the calendar")
    func publishFollowsMail() async throws {
        let setup = try Setup()
        guard let world = try await PublishCommandTests.world(.radicale) else { return }
        try setup.server.append([Self.confirmed])
        let follower = try PublishFollowTests.Follower(
            [
                "publish", setup.server.url(), "--calendar", world.calendar.absoluteString, "--follow", "--now", Self.now,
                "--state", setup.folder.path("state.json"), "--user", CalDAVTestServer.user, "--password-file", world.passwordFile,
            ] + Repository.dkimKeyOptions, in: setup.folder, environment: setup.environment)
        try #require(follower.wait(60) { follower.said.contains("1 created") } != nil, "the first run did not publish: \(follower.said)")
        #expect(try world.calendarEvents().map(\.summary).contains { $0.contains("EPIC Steak") })

        try setup.server.append([Self.hotel])
        let seen = try follower.wait(10) { try world.calendarEvents().contains { $0.summary.contains("Hotel Norge") } }
        #expect(seen != nil, "the new message's booking was not in the calendar within 10 s: \(follower.said)")

        kill(follower.process.processIdentifier, SIGTERM)
        try #require(follower.wait(20) { !follower.process.isRunning } != nil, "SIGTERM did not end it: \(follower.said)")
        #expect(follower.process.terminationStatus == 0, "\(follower.said)")
        #expect(!follower.said.contains(IMAPTestServer.password))
        #expect(try world.calendarEvents().count == 2)
    }

    @Test("a server without IDLE is polled: serve still sees a new message within 10 seconds")
    func serveFollowsMailByPolling() throws {
        let setup = try Setup(idle: false)
        try setup.server.append([Self.confirmed])
        let server = try ServeCommandTests.Server(
            [setup.server.url(), "--output", setup.feed, "--now", Self.now] + Repository.dkimKeyOptions, in: setup.folder, environment: setup.environment)
        defer { _ = server.stop() }
        func served() throws -> String { String(decoding: try ServeCommandTests.request(server.url).2, as: UTF8.self) }
        #expect(try served().contains("EPIC Steak"))
        try setup.server.append([Self.hotel])
        #expect(try ServeCommandTests.eventually(10) { try served().contains("Hotel Norge") }, "the new message was not seen within 10 s")
        #expect(!(try setup.server.tool(["capability", "INBOX"])).contains("IDLE"), "the test server should not offer IDLE")
    }
}
