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

    /// The report's section, in Markdown.
    func run() throws -> String {
        let tools = workspace.repository.appendingPathComponent("Tests/Tools/python").path
        guard (try? ProcessSample.run(tools, ["-c", "import radicale, caldav"])) != nil else {
            let text = "## publish\n\nNot measured: Radicale and caldav are needed in the test tools' environment (Tests/Tools/python).\n"
            log(text)
            return text
        }
        let input = try workspace.dataset(size)
        let changed = try workspace.changedDataset(size)
        let folder = workspace.path("publish")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let password = folder + "/password"
        try "lovelace\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o600)
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

            """
    }

    private func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// Radicale on a free loopback port, with user `ada`, password `lovelace`.
    final class Radicale {
        let process = Process()
        let root: String

        init(python: String, folder: String) throws {
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
}
