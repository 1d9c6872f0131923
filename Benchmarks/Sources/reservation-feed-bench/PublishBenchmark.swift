import Foundation

/// `reservation-feed publish` beside a python script on the `caldav` library
/// (`Benchmarks/Peers/python_caldav_publish.py`), both publishing the same 1,000 events into
/// empty calendars of one Radicale started here, then the same input with 1 % of the
/// reservations changed. The two take turns, each run on calendars of its own.
struct PublishBenchmark {
    let workspace: Workspace
    /// Runs of each comparison.
    var runs = 3
    /// Events published.
    var size = 1_000
    /// Events of the large calendar, listed by sync-collection and in full (0: not measured).
    var largeSize = 20_000

    /// The report's section, in Markdown.
    func run() throws -> String {
        let tools = workspace.repository.appendingPathComponent("Tests/Tools/python").path
        guard (try? ProcessSample.run(tools, ["-c", "import radicale, caldav"])) != nil else {
            let text = "## publish\n\nNot measured: Radicale and caldav are needed in the test tools' environment (Tests/Tools/python).\n"
            log(text)
            return text
        }
        let folder = workspace.path("publish")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let password = folder + "/password"
        try "lovelace\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o600)
        guard size > 0 else { return "## publish\n" + (try large(tools: tools, folder: folder, password: password)) }
        let input = try workspace.dataset(size)
        let changed = try workspace.changedDataset(size)
        // The peer publishes the feed `generate` makes of the same input (the first run's, then
        // the changed one's, as the next version of it).
        let feed = folder + "/feed.ics"
        let changedFeed = folder + "/feed-changed.ics"
        _ = try ProcessSample.run(workspace.reservationFeed, ["generate", input, "-o", feed, "--now", BenchmarkCommand.now, "-q"])
        try FileManager.default.copyItem(atPath: feed, toPath: changedFeed)
        _ = try ProcessSample.run(workspace.reservationFeed, ["generate", changed, "-o", changedFeed, "--now", BenchmarkCommand.now, "-q"])

        let server = try Radicale(python: tools, folder: folder)
        defer { server.stop() }
        let peer = workspace.repository.appendingPathComponent("Benchmarks/Peers/python_caldav_publish.py").path
        var first: (ours: [Double], peer: [Double]) = ([], [])
        var second: (ours: [Double], peer: [Double]) = ([], [])
        log("publish: \(size) events into empty calendars, then 1 % changed, \(runs) runs each")
        for run in 0..<runs {
            let ours = try server.makeCalendar("ours-\(run)")
            let theirs = try server.makeCalendar("peer-\(run)")
            let arguments = [
                "--calendar", ours, "--user", "ada", "--password-file", password, "--state", folder + "/state-\(run).json",
                "--now", BenchmarkCommand.now, "-q",
            ]
            first.ours.append(try ProcessSample.run(workspace.reservationFeed, ["publish", input] + arguments).wall)
            first.peer.append(try ProcessSample.run(tools, [peer, feed, theirs, "ada", "lovelace"]).wall)
            second.ours.append(try ProcessSample.run(workspace.reservationFeed, ["publish", changed] + arguments).wall)
            second.peer.append(try ProcessSample.run(tools, [peer, changedFeed, theirs, "ada", "lovelace"]).wall)
            log("  run \(run + 1): first \(format(first.ours.last!)) s vs \(format(first.peer.last!)) s; 1 % changed \(format(second.ours.last!)) s vs \(format(second.peer.last!)) s")
        }
        let f = (Statistic(first.ours).median, Statistic(first.peer).median)
        let s = (Statistic(second.ours).median, Statistic(second.peer).median)
        return """
            ## publish

            | \(size) events into Radicale 3, wall seconds (medians of \(runs)) | publish | python caldav | python / publish | target |
            |---|---|---|---|---|
            | into an empty calendar | \(format(f.0)) | \(format(f.1)) | \(format(f.1 / f.0))× | ≥ 1× \(f.1 / f.0 >= 1 ? "met" : "not met") |
            | 1 % of the reservations changed | \(format(s.0)) | \(format(s.1)) | \(format(s.1 / s.0))× | ≥ 10× \(s.1 / s.0 >= 10 ? "met" : "not met") |

            The peer saves every event of the feed `generate` makes (one PUT each, as a cron script on
            `caldav` does, not knowing which changed); `publish` lists the calendar (one REPORT),
            plans with the feed's rule and sends only the events that changed, four at a time.

            """ + (largeSize > 0 ? try large(tools: tools, folder: folder, password: password) : "")
    }

    /// A calendar of `largeSize` events with 1 % of them changed at each run: listed by
    /// `sync-collection` against the mirror, and in full (`--full-listing`, the listing before
    /// sync-collection), taking turns.
    ///
    /// The calendar is filled by `publish` writing into `Benchmarks/Tools/caldav_sink.py`, whose
    /// files are laid into Radicale's storage: Radicale checks each new event's UID against the
    /// whole calendar, so 20,000 PUTs would take the better part of an hour.
    private func large(tools: String, folder: String, password: String) throws -> String {
        let input = try workspace.dataset(largeSize)
        let changed = try workspace.changedDataset(largeSize)
        let base = folder + "/large"
        try? FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        log("publish: \(largeSize) events into one calendar, then 1 % changed at each run, sync-collection and full listing taking turns")
        let items = base + "/items"
        let fill = try Sink(python: tools, folder: items).publish(workspace.reservationFeed, input, state: base + "/sink-state.json")
        log("  \(largeSize) events written by publish in \(format(fill)) s")

        let server = try Radicale(python: tools, folder: base)
        defer { server.stop() }
        let calendar = try server.layCalendar("large", from: items)
        let state = base + "/state.json"
        let arguments = ["--calendar", calendar, "--user", "ada", "--password-file", password, "--state", state, "--now", BenchmarkCommand.now, "-q"]
        // Radicale reads the files once into its cache; the first run also makes the mirror.
        let warm = try ProcessSample.run(workspace.reservationFeed, ["publish", input] + arguments).wall
        log("  first run over the laid calendar (Radicale's cache made, the mirror made): \(format(warm)) s")
        var sync: [Double] = []
        var full: [Double] = []
        var current = input
        for run in 0..<runs {
            current = current == input ? changed : input
            sync.append(try ProcessSample.run(workspace.reservationFeed, ["publish", current] + arguments).wall)
            current = current == input ? changed : input
            full.append(try ProcessSample.run(workspace.reservationFeed, ["publish", current, "--full-listing"] + arguments).wall)
            log("  run \(run + 1): 1 % changed, sync-collection \(format(sync.last!)) s, full listing \(format(full.last!)) s")
        }
        var same: (sync: [Double], full: [Double]) = ([], [])
        for _ in 0..<runs {
            same.sync.append(try ProcessSample.run(workspace.reservationFeed, ["publish", current] + arguments).wall)
            same.full.append(try ProcessSample.run(workspace.reservationFeed, ["publish", current, "--full-listing"] + arguments).wall)
        }
        let changedMedians = (Statistic(sync).median, Statistic(full).median)
        let sameMedians = (Statistic(same.sync).median, Statistic(same.full).median)
        return """

            | \(largeSize) events in one calendar of Radicale 3, wall seconds (medians of \(runs)) | sync-collection | full listing | full / sync |
            |---|---|---|---|
            | 1 % of the reservations changed (\(largeSize / 100) updates) | \(format(changedMedians.0)) | \(format(changedMedians.1)) | \(format(changedMedians.1 / changedMedians.0))× |
            | nothing changed | \(format(sameMedians.0)) | \(format(sameMedians.1)) | \(format(sameMedians.1 / sameMedians.0))× |

            The calendar is filled by `publish` writing its \(largeSize) events into a sink
            (`Benchmarks/Tools/caldav_sink.py`, \(format(fill)) s) whose files are laid into Radicale's
            storage; a first run, not counted, lets Radicale read them and makes the mirror.
            With sync-collection a run asks for what changed since the last one (the token kept in a
            mirror beside the state) and reads the rest from the mirror; the full listing asks for
            every event, as every run did before.

            """
    }

    private func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// Radicale on a free loopback port, with user `ada`, password `lovelace`.
    final class Radicale {
        let process = Process()
        let root: String
        let folder: String

        init(python: String, folder: String) throws {
            self.folder = folder
            try "ada:lovelace\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
            let port = try ServeBenchmark.freePort()
            root = "http://127.0.0.1:\(port)/"
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [
                "-m", "radicale", "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder", folder + "/collections",
                "--auth-type", "htpasswd", "--auth-htpasswd-filename", folder + "/users", "--auth-htpasswd-encryption", "plain",
                "--logging-level", "warning",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let curl = try Workspace.which("curl")
            for _ in 0..<150 {
                if (try? ProcessSample.run(curl, ["-sf", "-X", "OPTIONS", root])) != nil { return }
                usleep(200_000)
            }
            stop()
            throw ProcessFailure(command: "radicale", reason: "did not answer on \(root)")
        }

        /// A calendar made with the events a sink holds (``Sink``), their files laid into its
        /// storage: thousands of PUTs would take Radicale many minutes. Radicale reads them at the
        /// first request.
        func layCalendar(_ name: String, from items: String) throws -> String {
            let calendar = try makeCalendar(name)
            let stored = folder + "/collections/collection-root/ada/\(name)"
            for item in try FileManager.default.contentsOfDirectory(atPath: items) {
                try FileManager.default.moveItem(atPath: items + "/" + item, toPath: stored + "/" + item)
            }
            return calendar
        }

        func makeCalendar(_ name: String) throws -> String {
            let url = root + "ada/\(name)/"
            _ = try ProcessSample.run(try Workspace.which("curl"), ["-sf", "-u", "ada:lovelace", "-X", "MKCALENDAR", url])
            return url
        }

        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// `Benchmarks/Tools/caldav_sink.py`: a calendar that keeps what is PUT into it as files.
    struct Sink {
        let python: String
        let folder: String

        /// Publishes `input` into the sink and returns the seconds it took.
        func publish(_ tool: String, _ input: String, state: String) throws -> Double {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tools/caldav_sink.py").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script, folder]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            var line = ""
            while !line.hasSuffix("\n") {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { throw ProcessFailure(command: "caldav_sink.py", reason: "ended at start") }
                line += String(decoding: byte, as: UTF8.self)
            }
            let calendar = "http://127.0.0.1:\(line.trimmingCharacters(in: .whitespacesAndNewlines))/sink/"
            return try ProcessSample.run(tool, ["publish", input, "--calendar", calendar, "--state", state, "--now", BenchmarkCommand.now, "-q"]).wall
        }
    }
}
