import Foundation

/// `reservation-feed serve` beside nginx serving the same feed from disk, both loaded by wrk on
/// loopback with the same connections; a donation beside a `generate` of the same inbox; the
/// memory of a server idling with a large feed.
struct ServeBenchmark {
    let workspace: Workspace
    /// How long each wrk run lasts, in seconds.
    var seconds = 10
    /// wrk's connections and threads.
    var connections = 64
    var threads = 2
    /// Runs of each wrk comparison, taking turns.
    var runs = 3

    /// The report's section, in Markdown.
    func run() throws -> String {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile(atPath:)),
            let wrk = try? Workspace.which("wrk"), let curl = try? Workspace.which("curl")
        else {
            let text = "## serve\n\nNot measured: nginx, wrk and curl are needed (Debian: `apt-get install nginx wrk curl`).\n"
            log(text)
            return text
        }
        var lines = ["## serve", ""]

        // A feed of 1,000 events, served by both.
        let inbox = workspace.path("serve/inbox")
        try? FileManager.default.removeItem(atPath: workspace.path("serve"))
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try workspace.dataset(1_000), toPath: inbox + "/reservations.json")
        let server = try Server(workspace: workspace, inputs: [inbox], output: workspace.path("serve/feed.ics"))
        defer { server.stop() }
        let url = server.url
        let served = workspace.path("serve/nginx-root" + URL(string: url)!.path)
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: served).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: workspace.path("serve/feed.ics"), toPath: served)
        let nginxPort = try Self.freePort()
        let nginxProcess = try startNginx(nginx, root: workspace.path("serve/nginx-root"), port: nginxPort)
        defer {
            nginxProcess.terminate()
            nginxProcess.waitUntilExit()
        }
        let nginxURL = "http://127.0.0.1:\(nginxPort)" + URL(string: url)!.path
        let ourTag = try header("etag", of: url, curl: curl)
        let nginxTag = try header("etag", of: nginxURL, curl: curl)

        log("serve: conditional GETs (304), \(runs) × \(seconds) s each, \(connections) connections")
        var conditional: (ours: [Double], nginx: [Double]) = ([], [])
        var full: (ours: [Double], nginx: [Double]) = ([], [])
        for _ in 0..<runs {
            conditional.ours.append(try requestsPerSecond(wrk, url, header: "If-None-Match: \(ourTag)", label: "serve, 304"))
            conditional.nginx.append(try requestsPerSecond(wrk, nginxURL, header: "If-None-Match: \(nginxTag)", label: "nginx, 304"))
            full.ours.append(try requestsPerSecond(wrk, url, header: nil, label: "serve, 200"))
            full.nginx.append(try requestsPerSecond(wrk, nginxURL, header: nil, label: "nginx, 200"))
        }
        let c = (median(conditional.ours), median(conditional.nginx))
        let f = (median(full.ours), median(full.nginx))
        lines += [
            "| requests per second, 1,000-event feed (\(connections) connections, \(threads) threads, medians of \(runs) × \(seconds) s) | serve | nginx | serve / nginx | target |",
            "|---|---|---|---|---|",
            String(format: "| conditional GET, 304 | %.0f | %.0f | %.2f | ≥ 1 |", c.0, c.1, c.0 / c.1),
            String(format: "| GET, 200 with the body | %.0f | %.0f | %.2f | ≥ 0.5 |", f.0, f.1, f.0 / f.1),
            "",
        ]

        // A donation shows in the feed (the answer comes once it does) beside a generate of the inbox.
        log("serve: donations beside generate")
        var donations: [Double] = []
        var generates: [Double] = []
        let inboxURL = URL(string: url)!.deletingLastPathComponent().appendingPathComponent("inbox").absoluteString
        // The inbox's token, as a header curl reads from a file: not in its arguments.
        let token = try String(contentsOfFile: workspace.path("serve/feed.ics.inbox-token"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try "Authorization: Bearer \(token)\n".write(toFile: workspace.path("serve/authorization"), atomically: true, encoding: .utf8)
        for round in 0..<max(runs, 3) {
            let document = workspace.path("serve/donation-\(round).json")
            try Self.donation(round).write(toFile: document, atomically: true, encoding: .utf8)
            let donation = try ProcessSample.run(
                curl,
                ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "@" + workspace.path("serve/authorization"), "--data-binary", "@" + document, inboxURL],
                standardOutput: nil)
            guard donation.output?.hasPrefix("201") == true else {
                throw ProcessFailure(command: "curl POST inbox", reason: "answered \(donation.output ?? "nothing")")
            }
            donations.append(donation.wall)
            let output = workspace.path("serve/generate.ics")
            try? FileManager.default.removeItem(atPath: output)
            generates.append(
                try ProcessSample.run(workspace.reservationFeed, ["generate", inbox, "-o", output, "--now", BenchmarkCommand.now, "-q"]).wall)
        }
        let d = (median(donations), median(generates))
        lines += [
            "| a donation to an inbox of 1,000 reservations | seconds (median) |",
            "|---|---|",
            String(format: "| POST until the feed has it (201) | %.3f |", d.0),
            String(format: "| generate of the same inbox | %.3f |", d.1),
            String(format: "| ratio (target < 2) | %.2f |", d.0 / d.1),
            "",
        ]
        server.stop()

        // Memory of a server idling with a 10,000-event feed.
        log("serve: idle memory with 10,000 events")
        let large = workspace.path("serve/large")
        try FileManager.default.createDirectory(atPath: large, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try workspace.dataset(10_000), toPath: large + "/reservations.json")
        let idle = try Server(workspace: workspace, inputs: [large], output: workspace.path("serve/large.ics"))
        _ = try ProcessSample.run(curl, ["-sS", "-o", "/dev/null", idle.url], standardOutput: nil)
        Thread.sleep(forTimeInterval: 2)
        let resident = idle.residentMegabytes()
        idle.stop()
        lines += [String(format: "Resident memory of a server idling with a 10,000-event feed: %.0f MB (target < 100 MB).", resident), ""]
        return lines.joined(separator: "\n")
    }

    /// A running `reservation-feed serve`, on a free port.
    final class Server {
        let process = Process()
        let url: String

        init(workspace: Workspace, inputs: [String], output: String, extra: [String] = [], environment: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: workspace.reservationFeed)
            process.arguments = ["serve"] + inputs + ["--output", output, "--port", "0", "--quiet", "--now", BenchmarkCommand.now] + extra
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            var text = ""
            while !text.contains("\n"), process.isRunning {
                text += String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
            }
            guard let line = text.split(separator: "\n").first else { throw ProcessFailure(command: "reservation-feed serve", reason: "printed no URL") }
            url = String(line)
        }

        func residentMegabytes() -> Double {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
        }

        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }

    private func startNginx(_ nginx: String, root: String, port: Int) throws -> Process {
        let config = workspace.path("serve/nginx.conf")
        try """
            daemon off;
            worker_processes auto;
            pid \(workspace.path("serve/nginx.pid"));
            error_log \(workspace.path("serve/nginx-error.log"));
            events { worker_connections 1024; }
            http {
                access_log off;
                types { text/calendar ics; }
                sendfile on;
                client_body_temp_path \(workspace.path("serve/nginx-tmp"));
                proxy_temp_path \(workspace.path("serve/nginx-tmp"));
                fastcgi_temp_path \(workspace.path("serve/nginx-tmp"));
                uwsgi_temp_path \(workspace.path("serve/nginx-tmp"));
                scgi_temp_path \(workspace.path("serve/nginx-tmp"));
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                    charset utf-8;
                    charset_types text/calendar;
                }
            }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: workspace.path("serve/nginx-tmp"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", config, "-p", workspace.path("serve")]
        try process.run()
        // Until it answers.
        let curl = try Workspace.which("curl")
        for _ in 0..<50 where (try? header("server", of: "http://127.0.0.1:\(port)/", curl: curl)) == nil {
            Thread.sleep(forTimeInterval: 0.1)
        }
        return process
    }

    private func header(_ name: String, of url: String, curl: String) throws -> String {
        let sample = try ProcessSample.run(curl, ["-sS", "-o", "/dev/null", "-D", "-", url], standardOutput: nil)
        for line in (sample.output ?? "").split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        throw ProcessFailure(command: "curl \(url)", reason: "no \(name) header")
    }

    private func requestsPerSecond(_ wrk: String, _ url: String, header: String?, label: String) throws -> Double {
        var arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency"]
        if let header { arguments += ["-H", header] }
        let sample = try ProcessSample.run(wrk, arguments + [url], standardOutput: nil)
        let output = sample.output ?? ""
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let value = Double(line.split(separator: " ").last ?? "")
        else { throw ProcessFailure(command: "wrk \(url)", reason: "no Requests/sec in \(output)") }
        if output.contains("Non-2xx or 3xx responses") { throw ProcessFailure(command: "wrk \(url)", reason: "errors: \(output)") }
        log(String(format: "  %@: %.0f requests/s", label, value))
        return value
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// A port nothing listens on, on loopback.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw ProcessFailure(command: "bind", reason: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func donation(_ round: Int) -> String {
        """
        {"@context": "https://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "DONATION-\(round)",
         "reservationFor": {"@type": "FoodEstablishment", "name": "Bistro \(round)",
           "address": {"@type": "PostalAddress", "addressLocality": "Helsinki", "addressCountry": "FI"}},
         "startTime": "2027-06-20T19:00:00+03:00"}
        """
    }
}
