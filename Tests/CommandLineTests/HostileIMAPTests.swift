import Foundation
import TestSupport
import Testing

/// The mail program against an IMAP server that is stuck, buggy or hostile
/// (`Tests/Tools/hostile_imap.py`): each run ends within one timeout, says what happened, and
/// leaves the feed and the cache as they were.
@Suite("Hostile IMAP servers")
struct HostileIMAPTests {
    static let mail = Repository.productsFolder.appendingPathComponent("reservation-feed-mail")
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    /// The server, started in `mode`, stopped when the value goes.
    final class Server: @unchecked Sendable {
        let port: Int
        private let process: Process
        private let folder: TemporaryFolder

        init(_ mode: String) throws {
            folder = try TemporaryFolder("hostile-imap-log")
            let (process, line) = try ProcessRunner.startServer(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/hostile_imap.py").path, mode, folder.path("log")])
            self.process = process
            guard let port = Int(line) else {
                kill(process.processIdentifier, SIGKILL)
                throw ProcessRunner.NotStarted(description: "hostile_imap.py printed no port: \(line)")
            }
            self.port = port
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        var url: String { "imap://ada@127.0.0.1:\(port)/INBOX" }

        /// The commands it was sent, without their tags.
        var commands: [String] {
            let text = String(decoding: FileManager.default.contents(atPath: folder.path("log")) ?? Data(), as: UTF8.self)
            return text.split(whereSeparator: \.isNewline).map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        }
    }

    @Test(
        "each failure said as it is, within one timeout (3 s here), in little memory",
        arguments: [
            ("silence", "no answer to CAPABILITY: the server closed the connection or sent nothing for 3 s"),
            ("stall", "no answer to CAPABILITY: the server closed the connection or sent nothing for 3 s"),
            ("refuse", "login refused: Authentication failed."),
            ("cut-literal", "cannot list the folder's messages: the server closed the connection in the middle of an answer"),
            ("huge-literal", "cannot list the folder's messages: the server announced 99999999999 bytes, more than a message may have (--limit message-size)"),
            ("long-line", "cannot list the folder's messages: the server sent a line of more than 4 MB"),
        ])
    func sync(mode: String, message: String) throws {
        let server = try Server(mode)
        let folder = try TemporaryFolder("hostile-imap")
        let started = Date()
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Repository.url("Tests/Tools/peak_memory.py").path, Self.mail.path, "sync", "--cache", folder.path("cache"), "--timeout", "3", server.url],
            environment: ["RESERVATION_FEED_IMAP_PASSWORD": "secret"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("secret"))
        #expect(elapsed < 10, "it took \(Int(elapsed)) s")
        if mode != "refuse" { #expect(!result.standardError.contains("check the user name and password"), "a server that stopped answering is not a refused login") }
        if ["silence", "stall"].contains(mode) {
            // A connection that stopped answering is dropped, not said LOGOUT on and waited for
            // again: one timeout in all, not one a step.
            #expect(!server.commands.contains("LOGOUT"), "\(server.commands)")
            #expect(server.commands.map { $0.split(separator: " ").first ?? "" } == (mode == "silence" ? ["CAPABILITY"] : ["CAPABILITY", "LOGIN", "CAPABILITY"]))
        }
        let peak = try #require(result.standardError.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") })
        #expect(peak < Sanitizer.memoryBound(100_000), "peak memory \(peak) KB")
    }

    @Test("generate over such a folder: exit 2 naming the folder, the feed untouched")
    func generate() throws {
        let server = try Server("huge-literal")
        let folder = try TemporaryFolder("hostile-imap")
        let feed = try folder.write("feed.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n")
        let result = try ProcessRunner.run(
            Self.tool, ["generate", server.url, "--output", feed, "--now", "2030-01-01T00:00:00Z"],
            environment: ["RESERVATION_FEED_IMAP_PASSWORD": "secret", "XDG_CACHE_HOME": folder.path("cache")])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(server.url) && result.standardError.contains("announced 99999999999 bytes"), "\(result.standardError)")
        #expect(try String(contentsOfFile: feed, encoding: .utf8) == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n")
    }

    @Test("serve over such a folder beside a folder of files: the folder's failure is said, and serve keeps running and serving the files' events")
    func serve() throws {
        let server = try Server("huge-literal")
        let folder = try TemporaryFolder("hostile-imap-serve")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: folder.url.appendingPathComponent("in"))
        let serve = try ServeCommandTests.Server(
            ["in", server.url, "--output", "trips.ics", "--now", "2030-01-01T00:00:00Z"], in: folder,
            environment: ["RESERVATION_FEED_IMAP_PASSWORD": "secret", "XDG_CACHE_HOME": folder.path("cache")])
        Thread.sleep(forTimeInterval: 2)
        #expect(serve.process.isRunning)
        let (status, _, body) = try ServeCommandTests.request(serve.url)
        #expect([200, 503].contains(status), "\(status)")
        if status == 200 { #expect(String(decoding: body, as: UTF8.self).contains("BEGIN:VCALENDAR")) }
        #expect(serve.stop() == 0)
        let log = String(decoding: serve.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("announced 99999999999 bytes"), "\(log)")
        #expect(!log.contains("secret"), "\(log)")
    }
}

