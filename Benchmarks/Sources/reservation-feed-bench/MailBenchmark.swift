import Foundation

/// IMAP folders as inputs: `reservation-feed-mail sync` beside a python script on `imaplib`
/// (`Benchmarks/Peers/python_imaplib_fetch.py`) fetching the same folder of a Dovecot started
/// here, then the second run (nothing new) and `generate` of the folder. The folder is written
/// into Dovecot's Maildir directly: booking e-mails and newsletters, each with its Message-ID.
struct MailBenchmark {
    let workspace: Workspace
    /// Messages in the folder.
    var size = 20_000
    /// Runs of each comparison: an even number, half of them with each going first.
    var runs = 4

    func run() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/dovecot") else {
            let text = "## mailboxes\n\nNot measured: Dovecot is needed (Debian dovecot-imapd).\n"
            log(text)
            return text
        }
        let folder = workspace.path("mail")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try Dovecot(folder: folder)
        defer { server.stop() }
        log("mailboxes: writing \(size) messages into the folder...")
        let bytes = try server.fill(size: size, repository: workspace.repository)
        let url = "imaps://bench@localhost:\(server.port)/Bench"
        let mailProgram = (workspace.reservationFeed as NSString).deletingLastPathComponent + "/reservation-feed-mail"
        // The bookings are signed; their keys stand in for DNS, so that their senders are verified.
        let keys = ["Tests/ReservationImportTests/Fixtures/schema-org/dkim-keys.txt", "Examples/markup/dkim-keys.txt"].flatMap {
            ["--dkim-keys", workspace.repository.appendingPathComponent($0).path]
        }
        let environment = ["SSL_CERT_FILE": folder + "/ca.pem", "RESERVATION_FEED_IMAP_PASSWORD": "bench"]
        let python = try Workspace.which("python3")
        let peer = workspace.repository.appendingPathComponent("Benchmarks/Peers/python_imaplib_fetch.py").path
        var first: (ours: [ProcessSample], peer: [ProcessSample]) = ([], [])
        var second: [ProcessSample] = []
        var generate: [ProcessSample] = []
        log("mailboxes: \(size) messages (\(bytes / 1_000_000) MB), \(runs) runs each")
        for run in 0..<runs {
            let cache = folder + "/cache-\(run)"
            let peerOut = folder + "/peer-\(run)"
            // Both write 261 MB: each starts with the other's writes flushed, and they take turns
            // at going first.
            let measureOurs = {
                _ = try ProcessSample.run("/bin/sync", [])
                first.ours.append(try ProcessSample.run(mailProgram, ["sync", "--quiet", "--cache", cache, url], environment: environment))
            }
            let measurePeer = {
                _ = try ProcessSample.run("/bin/sync", [])
                first.peer.append(
                    try ProcessSample.run(python, [peer, "localhost", "\(server.port)", folder + "/ca.pem", "bench", "bench", "Bench", peerOut]))
            }
            if run % 2 == 0 {
                try measureOurs()
                try measurePeer()
            } else {
                try measurePeer()
                try measureOurs()
            }
            second.append(try ProcessSample.run(mailProgram, ["sync", "--quiet", "--cache", cache, url], environment: environment))
            var generateEnvironment = environment
            generateEnvironment["XDG_CACHE_HOME"] = folder + "/xdg-\(run)"
            if run == 0 {
                // The first generate downloads; the ones measured find the cache filled.
                _ = try ProcessSample.run(
                    workspace.reservationFeed, ["generate", url, "-o", folder + "/feed.ics", "--now", BenchmarkCommand.now, "-q", "--extractor", "none"] + keys,
                    environment: generateEnvironment)
            }
            generateEnvironment["XDG_CACHE_HOME"] = folder + "/xdg-0"
            generate.append(
                try ProcessSample.run(
                    workspace.reservationFeed, ["generate", url, "-o", folder + "/feed.ics", "--now", BenchmarkCommand.now, "-q", "--extractor", "none"] + keys,
                    environment: generateEnvironment))
            try? FileManager.default.removeItem(atPath: peerOut)
            log("  run \(run + 1): first sync \(f(first.ours.last!.wall)) s vs imaplib \(f(first.peer.last!.wall)) s; again \(f(second.last!.wall)) s; generate \(f(generate.last!.wall)) s")
        }
        func median(_ samples: [ProcessSample], _ value: (ProcessSample) -> Double) -> Double { Statistic(samples.map(value)).median }
        let ours = median(first.ours, \.wall)
        let theirs = median(first.peer, \.wall)
        return """
            ## mailboxes

            | an IMAP folder of \(size) messages (\(bytes / 1_000_000) MB) in Dovecot on loopback, medians of \(runs) | wall seconds | peak MB |
            |---|---|---|
            | `reservation-feed-mail sync`, first run (every message downloaded and cached) | \(f(ours)) | \(f(median(first.ours, \.peakMegabytes))) |
            | python `imaplib`, every message fetched to files | \(f(theirs)) | \(f(median(first.peer, \.peakMegabytes))) |
            | `reservation-feed-mail sync`, nothing new (one login, one EXAMINE) | \(f(median(second, \.wall))) | \(f(median(second, \.peakMegabytes))) |
            | `reservation-feed generate` of the folder, cache filled, `--extractor none` | \(f(median(generate, \.wall))) | \(f(median(generate, \.peakMegabytes))) |

            imaplib / first sync: \(f(theirs / ours))× (above 1: the python script is slower). The two
            take turns at going first, each after the other's writes are flushed. Memory does not follow
            the folder: one batch of messages (100, or 16 MB) is in memory at a time.

            """
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }

    /// Dovecot on a free loopback port, user `bench` (password `bench`), its certificate from a
    /// test authority (`ca.pem`).
    final class Dovecot {
        let folder: String
        let port: Int
        let process = Process()

        init(folder: String) throws {
            self.folder = folder
            port = try ServeBenchmark.freePort()
            let isRoot = getuid() == 0
            let (uid, gid) = isRoot ? (65534, 65534) : (Int(getuid()), Int(getgid()))
            let shell = """
                cd '\(folder)'
                openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=bench CA" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign"
                openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=localhost"
                printf "subjectAltName=DNS:localhost\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n" > server.ext
                openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext
                mkdir -p run state mail/bench/Maildir/.Bench/cur mail/bench/Maildir/.Bench/new mail/bench/Maildir/.Bench/tmp
                echo 'bench:{PLAIN}bench' > users
                chmod 755 '\(folder)'
                """
            _ = try ProcessSample.run("/bin/sh", ["-ec", shell])
            let login = isRoot ? "default_login_user = dovenull\ndefault_internal_user = dovecot\n"
                : "default_login_user = \(NSUserName())\ndefault_internal_user = \(NSUserName())\n"
            let settings = """
                base_dir = \(folder)/run
                state_dir = \(folder)/state
                instance_name = reservation-feed-bench-\(port)
                protocols = imap
                listen = 127.0.0.1
                service imap-login {
                  inet_listener imap {
                    port = 0
                  }
                  inet_listener imaps {
                    address = 127.0.0.1
                    port = \(port)
                    ssl = yes
                  }
                }
                ssl = yes
                ssl_cert = <\(folder)/server.pem
                ssl_key = <\(folder)/server.key
                passdb {
                  driver = passwd-file
                  args = scheme=PLAIN username_format=%u \(folder)/users
                }
                userdb {
                  driver = static
                  args = uid=\(uid) gid=\(gid) home=\(folder)/mail/%u
                }
                mail_location = maildir:~/Maildir
                log_path = \(folder)/dovecot.log
                \(login)
                """
            try settings.write(toFile: folder + "/dovecot.conf", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/dovecot")
            process.arguments = ["-F", "-c", folder + "/dovecot.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(1_000_000)
        }

        /// Writes `size` messages into the folder: the repository's booking e-mails and
        /// newsletters of a few kilobytes, every one with its own Message-ID. Returns their bytes.
        func fill(size: Int, repository: URL) throws -> Int {
            // As bytes: the restaurant's e-mail is ISO-8859-1, and its signature covers its bytes.
            let bookings = try [
                "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml", "Examples/markup/hotel-confirmation.eml",
            ].map { try Data(contentsOf: repository.appendingPathComponent($0)) }
            let paragraph = String(repeating: "Nothing booked in this letter, only news of the week. ", count: 60)
            let target = folder + "/mail/bench/Maildir/.Bench/cur"
            var total = 0
            for index in 0..<size {
                var bytes: Data
                if index % 50 == 0 {
                    bytes = Data("Message-ID: <booking-\(index)@bench.example>\r\n".utf8) + bookings[(index / 50) % bookings.count]
                } else {
                    var text = "From: news@example.com\r\nTo: me@example.com\r\nSubject: Weekly news \(index)\r\nMessage-ID: <news-\(index)@bench.example>\r\n"
                    text += "Date: Mon, 05 Jan 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                    text += String(repeating: paragraph + "\r\n", count: 2 + index % 5)
                    bytes = Data(text.utf8)
                }
                total += bytes.count
                try bytes.write(to: URL(fileURLWithPath: "\(target)/\(1_700_000_000 + index).M\(index)P1.bench,S=\(bytes.count):2,S"))
            }
            if getuid() == 0 { _ = try ProcessSample.run("/bin/chown", ["-R", "65534:65534", folder + "/mail"]) }
            return total
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = try? ProcessSample.run("/usr/bin/pkill", ["-KILL", "-f", "dovecot-reservation-feed-bench-\(port)/"])
        }
    }
}
