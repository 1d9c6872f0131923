import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A CalDAV server that takes only bearer tokens, as Google Calendar's does: Radicale (which
/// trusts the user a proxy names, `http_x_remote_user`) behind nginx (Debian's), whose
/// `auth_request` asks the authorization server's gatekeeper (``OAuthTestServer``'s
/// `/test/gate`, which introspects the token by RFC 7662) before each request; the gate's 401,
/// with RFC 6750's `WWW-Authenticate: Bearer`, is the answer otherwise. Radicale listens where only nginx goes.
///
/// Google's documented behaviour it stands for ("CalDAV API Developer's Guide"; "Handle API
/// errors"): OAuth 2.0 bearer tokens only, no MKCALENDAR (`makesCalendars: false` answers it 403),
/// and, with `quota`, a per-second limit answered 429 with `Retry-After`. `/moved/` redirects to
/// another host of this machine (`localhost`), where a token must not follow.
///
/// Stopped when the value goes away.
public final class BearerCalDAVServer: @unchecked Sendable {  // the processes are only stopped, in deinit
    /// `http://127.0.0.1:PORT/`, nginx.
    public let root: URL
    /// Radicale's own address, behind nginx (the tests make calendars there, as the user).
    public let radicale: URL
    /// The user the gatekeeper names for the test server's tokens.
    public let user = "ada"
    private let folder: TemporaryFolder
    private let processes: [Process]

    /// Whether nginx is installed (`.ci/setup tests` installs it).
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") }

    /// Starts Radicale and nginx in front of it, the gate at `authorization`'s `/test/gate`.
    ///
    /// - Parameters:
    ///   - quota: Requests a second nginx lets through before answering 429 with
    ///     `Retry-After: retryAfter`; `nil` for no limit.
    ///   - makesCalendars: Whether MKCALENDAR is passed on (Google's is not: 403).
    public init(authorization: OAuthTestServer, quota: Int? = nil, retryAfter: Int = 1, makesCalendars: Bool = false) async throws {
        folder = try TemporaryFolder("bearer-caldav")
        let (front, back) = (try LoopbackPort.free(), try LoopbackPort.free())
        root = URL(string: "http://127.0.0.1:\(front)/")!
        radicale = URL(string: "http://127.0.0.1:\(back)/")!
        let gate = authorization.issuer.deletingLastPathComponent().appendingPathComponent("test/gate").absoluteString + "?scope=calendar"
        let radicaleProcess = Process()
        radicaleProcess.executableURL = Repository.url("Tests/Tools/python")
        radicaleProcess.arguments = [
            "-m", "radicale", "--server-hosts", "127.0.0.1:\(back)", "--storage-filesystem-folder", folder.path("collections"),
            "--auth-type", "http_x_remote_user", "--logging-level", "warning",
        ]
        for process in [radicaleProcess] {
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try radicaleProcess.run()
        let limit = quota.map {
            (zone: "limit_req_zone $server_name zone=quota:1m rate=\($0)r/s;", location: "limit_req zone=quota; limit_req_status 429;")
        }
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(folder.path("nginx.pid"));
            error_log \(folder.path("error.log")) warn;
            events { worker_connections 64; }
            http {
                access_log \(folder.path("access.log"));
                client_body_temp_path \(folder.path("body"));
                proxy_temp_path \(folder.path("proxy"));
                fastcgi_temp_path \(folder.path("fastcgi"));
                uwsgi_temp_path \(folder.path("uwsgi"));
                scgi_temp_path \(folder.path("scgi"));
                client_max_body_size 16m;
                \(limit?.zone ?? "")
                server {
                    listen 127.0.0.1:\(front);
                    server_name caldav;
                    location = /_gate {
                        internal;
                        proxy_pass \(gate);
                        proxy_pass_request_body off;
                        proxy_set_header Content-Length "";
                        proxy_set_header Authorization $http_authorization;
                    }
                    location /moved/ {
                        return 301 http://localhost:\(front)/\(user)/;
                    }
                    location / {
                        auth_request /_gate;
                        auth_request_set $gate_user $upstream_http_x_remote_user;
                        \(limit?.location ?? "")
                        add_header Retry-After \(retryAfter) always;
                        \(makesCalendars ? "" : "if ($request_method = MKCALENDAR) { return 403; }")
                        proxy_pass \(radicale.absoluteString.dropLast());
                        proxy_set_header X-Remote-User $gate_user;
                        proxy_set_header Authorization "";
                        proxy_set_header Host $http_host;
                    }
                }
            }
            """
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-p", folder.url.path, "-c", try folder.write("nginx.conf", configuration), "-e", folder.path("error.log")]
        nginx.standardInput = FileHandle.nullDevice
        nginx.standardOutput = FileHandle.nullDevice
        nginx.standardError = FileHandle.nullDevice
        try nginx.run()
        processes = [radicaleProcess, nginx]
        for _ in 0..<1_500 {
            if LoopbackPort.accepts(front), (try? await Self.options(radicale)) != nil { return }
            guard radicaleProcess.isRunning, nginx.isRunning else {
                throw ProcessRunner.NotStarted(
                    description: "Radicale or nginx ended at start: \((try? String(contentsOfFile: folder.path("error.log"), encoding: .utf8)) ?? "")")
            }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        throw ProcessRunner.NotStarted(description: "Radicale and nginx did not answer after 1,500 looks 200 ms apart")
    }

    deinit {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Makes a calendar as the user, behind nginx's back (the server makes none through the
    /// front), with a display name; its URL at the front.
    public func makeCalendar(_ name: String, displayName: String) async throws -> URL {
        var request = URLRequest(url: radicale.appendingPathComponent("\(user)/\(name)/"))
        request.httpMethod = "MKCALENDAR"
        request.httpBody = Data(
            "<?xml version=\"1.0\"?><c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:set><d:prop><d:displayname>\(displayName)</d:displayname></d:prop></d:set></c:mkcalendar>".utf8)
        request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
        request.setValue(user, forHTTPHeaderField: "X-Remote-User")
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201 else { throw ProcessRunner.NotStarted(description: "MKCALENDAR \(name) was refused") }
        return root.appendingPathComponent("\(user)/\(name)/")
    }

    /// The events the calendar holds, as Radicale keeps them (one `.ics` file each).
    public func events(in name: String) -> [String] {
        let folder = self.folder.path("collections/collection-root/\(user)/\(name)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// What nginx logged of the requests it took: one line each, `STATUS METHOD PATH`.
    public var requests: [String] {
        let log = (try? String(contentsOfFile: folder.path("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"")
            guard parts.count > 2 else { return nil }
            let request = parts[1].split(separator: " ")
            let status = parts[2].split(separator: " ").first ?? ""
            return "\(status) \(request.first ?? "") \(request.dropFirst().first ?? "")"
        }
    }

    private static func options(_ url: URL) async throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: 2)
        request.httpMethod = "OPTIONS"
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
