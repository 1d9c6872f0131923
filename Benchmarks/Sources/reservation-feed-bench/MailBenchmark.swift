import Foundation

/// IMAP folders as inputs: `reservation-feed-mail sync` beside a python script on `imaplib`
/// (`Benchmarks/Peers/python_imaplib_fetch.py`) fetching the same folder of a Dovecot started
/// here, then the second run (nothing new) and `generate` of the folder; then a person's first
/// run, from nothing to a feed with KDE's extractor on, over the folder and over an mbox of the
/// same messages, beside another build's (`--mail-baseline`). The folder is written into
/// Dovecot's Maildir directly: signed booking e-mails, newsletters, and newsletters with a PDF
/// or an image attached that are not tickets, each with its Message-ID.
struct MailBenchmark {
    let workspace: Workspace
    /// Messages in the folder.
    var size = 20_000
    /// Runs of each comparison: an even number, half of them with each going first.
    var runs = 4
    /// Another build of reservation-feed whose first run with KDE's extractor is timed beside
    /// this one's (today's main, say), or `nil`.
    var baseline: String?

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
        let mbox = folder + "/messages.mbox"
        let bytes = try server.fill(size: size, repository: workspace.repository, mbox: mbox)
        let url = "imaps://bench@localhost:\(server.port)/Bench"
        let mailProgram = (workspace.reservationFeed as NSString).deletingLastPathComponent + "/reservation-feed-mail"
        // The bookings are signed; their keys stand in for DNS, so that their senders are verified,
        // and their organization (example.com, no booking sender the registry knows) is named.
        let keys =
            ["Tests/ReservationImportTests/Fixtures/schema-org/dkim-keys.txt", "Examples/markup/dkim-keys.txt"].flatMap {
                ["--dkim-keys", workspace.repository.appendingPathComponent($0).path]
            } + ["--trust-sender", "example.com"]
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

            """ + (try firstRuns(url: url, mbox: mbox, keys: keys, environment: environment, folder: folder))
    }

    /// A person's first run with KDE's extractor on: from nothing (no cache, no memo of the
    /// extractor's answers) to a written feed, over the IMAP folder and over the mbox, by this
    /// build and by `baseline`; the feeds of the two must be the same, byte for byte.
    private func firstRuns(url: String, mbox: String, keys: [String], environment: [String: String], folder: String) throws -> String {
        var builds = [("this build", workspace.reservationFeed)]
        if let baseline { builds.append(("baseline (\(baseline))", baseline)) }
        var rows = ""
        var feeds: [String: [Data]] = [:]
        for (input, label) in [(url, "the IMAP folder"), (mbox, "the mbox")] {
            for (index, (name, program)) in builds.enumerated() {
                var first = environment
                first["XDG_CACHE_HOME"] = folder + "/first-\(index)-\(label.hasSuffix("mbox") ? "mbox" : "imap")"
                try? FileManager.default.removeItem(atPath: first["XDG_CACHE_HOME"]!)
                let feed = folder + "/first-\(index).ics"
                try? FileManager.default.removeItem(atPath: feed)
                _ = try ProcessSample.run("/bin/sync", [])
                log("mailboxes: first run of \(name) over \(label), with KDE's extractor...")
                let sample = try ProcessSample.run(
                    program, ["generate", input, "-o", feed, "--now", BenchmarkCommand.now, "-q"] + keys, environment: first, withChildren: true)
                log("  \(f(sample.wall)) s")
                feeds[label, default: []].append(try Data(contentsOf: URL(fileURLWithPath: feed)))
                rows += "| \(label), \(name) | \(f(sample.wall)) | \(f(sample.peakMegabytes)) | \(sample.treePeakMegabytes.map(f) ?? "–") |\n"
            }
        }
        let same = feeds.values.allSatisfy { Set($0).count == 1 }
        let extractor = FileManager.default.isExecutableFile(atPath: (workspace.reservationFeed as NSString).deletingLastPathComponent + "/reservation-feed-kitinerary")
            ? "this build gives them to `reservation-feed-kitinerary`, KDE's library kept running" : "this build has no `reservation-feed-kitinerary` (KDE's development packages were missing): it runs `kitinerary-extractor` per document"
        return """

            ### A first run, with KDE's extractor

            From nothing (no cache of the folder, no memo of the extractor's answers) to a written feed:
            `generate` of the folder (downloading it) and of an mbox of the same \(size) messages, the
            bookings' senders verified with `--dkim-keys`. Every message without markup goes to KDE's
            extractor; \(extractor). One run each. The last column is the most the program and every
            process it started held at once: the sum of their proportional set sizes (libraries they
            share counted once), sampled every 0.1 s.

            | first run | wall seconds | peak MB (the program itself) | peak MB (with its helpers and the mail program) |
            |---|---|---|---|
            \(rows)
            The feeds of the builds are \(same ? "the same, byte for byte" : "DIFFERENT (see \(folder)/first-*.ics)").

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

        /// Writes `size` messages into the folder, and the same into `mbox`: one in fifty a
        /// booking e-mail of the repository (signed), the rest newsletters of a few kilobytes, one
        /// in twenty-five of them with a PDF invoice attached and another with an image, every
        /// one with its own Message-ID. Returns their bytes.
        func fill(size: Int, repository: URL, mbox: String) throws -> Int {
            // As bytes: the restaurant's e-mail is ISO-8859-1, and its signature covers its bytes.
            let bookings = try [
                "Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-1-confirmed.eml", "Examples/markup/hotel-confirmation.eml",
            ].map { try Data(contentsOf: repository.appendingPathComponent($0)) }
            let invoice = try Data(contentsOf: repository.appendingPathComponent("Tests/ReservationImportTests/Fixtures/documents/invoice.pdf"))
            let picture = try Self.picture(in: folder)
            let paragraph = String(repeating: "Nothing booked in this letter, only news of the week. ", count: 60)
            let target = folder + "/mail/bench/Maildir/.Bench/cur"
            _ = FileManager.default.createFile(atPath: mbox, contents: nil)
            let mboxFile = try FileHandle(forWritingTo: URL(fileURLWithPath: mbox))
            defer { try? mboxFile.close() }
            var total = 0
            for index in 0..<size {
                var bytes: Data
                if index % 50 == 0 {
                    bytes = Data("Message-ID: <booking-\(index)@bench.example>\r\n".utf8) + bookings[(index / 50) % bookings.count]
                } else {
                    var text = "From: news@example.com\r\nTo: me@example.com\r\nSubject: Weekly news \(index)\r\nMessage-ID: <news-\(index)@bench.example>\r\n"
                    text += "Date: Mon, 05 Jan 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n"
                    let letter = String(repeating: paragraph + "\r\n", count: 2 + index % 5)
                    let attached: (Data, String, String)? =
                        switch index % 25 {
                        case 1: (invoice, "application/pdf", "invoice.pdf")
                        case 2: (picture, "image/png", "photo.png")
                        default: nil
                        }
                    if let (content, type, name) = attached {
                        let boundary = "part-\(index)"
                        text += "Content-Type: multipart/mixed; boundary=\"\(boundary)\"\r\n\r\n"
                        text += "--\(boundary)\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\(letter)\r\n"
                        text += "--\(boundary)\r\nContent-Type: \(type); name=\"\(name)\"\r\nContent-Disposition: attachment; filename=\"\(name)\"\r\n"
                        text += "Content-Transfer-Encoding: base64\r\n\r\n"
                        text += content.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
                        text += "\r\n--\(boundary)--\r\n"
                    } else {
                        text += "Content-Type: text/plain; charset=utf-8\r\n\r\n" + letter
                    }
                    bytes = Data(text.utf8)
                }
                total += bytes.count
                try bytes.write(to: URL(fileURLWithPath: "\(target)/\(1_700_000_000 + index).M\(index)P1.bench,S=\(bytes.count):2,S"))
                mboxFile.write(Self.mboxEntry(bytes))
            }
            if getuid() == 0 { _ = try ProcessSample.run("/bin/chown", ["-R", "65534:65534", folder + "/mail"]) }
            return total
        }

        /// A message as an mbox holds it (mboxrd, as Thunderbird and Google Takeout write it): a
        /// `From ` line, the message with `From ` lines quoted, an empty line. Line ends stay as
        /// they are, which keeps the signatures good.
        static func mboxEntry(_ message: Data) -> Data {
            var entry = Data("From bench@example.com Mon Jan  5 10:00:00 2026\n".utf8)
            var lineStart = true
            var index = message.startIndex
            while index < message.endIndex {
                if lineStart {
                    var probe = index
                    while probe < message.endIndex, message[probe] == UInt8(ascii: ">") { probe += 1 }
                    if message[probe...].starts(with: Data("From ".utf8)) { entry.append(UInt8(ascii: ">")) }
                }
                entry.append(message[index])
                lineStart = message[index] == UInt8(ascii: "\n")
                index += 1
            }
            if !lineStart { entry.append(UInt8(ascii: "\n")) }
            entry.append(UInt8(ascii: "\n"))
            return entry
        }

        /// A photo-like PNG of 640 × 400 (noise, which compresses as badly as a photo), made once.
        static func picture(in folder: String) throws -> Data {
            let path = folder + "/photo.png"
            let script = """
                import random, struct, sys, zlib
                random.seed(7)
                width, height = 640, 400
                rows = b''.join(b'\\x00' + bytes(random.getrandbits(8) for _ in range(width * 3)) for _ in range(height))
                def chunk(kind, data):
                    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
                png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
                png += chunk(b'IDAT', zlib.compress(rows, 6)) + chunk(b'IEND', b'')
                open(sys.argv[1], 'wb').write(png)
                """
            _ = try ProcessSample.run(try Workspace.which("python3"), ["-c", script, path])
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = try? ProcessSample.run("/usr/bin/pkill", ["-KILL", "-f", "dovecot-reservation-feed-bench-\(port)/"])
        }
    }
}
