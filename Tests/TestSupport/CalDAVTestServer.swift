#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation

/// A CalDAV server from PyPI, started for a test on a free loopback port with storage of its own,
/// and stopped when the value goes away:
///
/// - Radicale, with one user (`ada`, password `lovelace`) whose credentials it checks;
/// - Xandikos, stricter in what it accepts, without authentication (it takes credentials only
///   over HTTPS, from a proxy in front);
/// - DAViCal, from Debian's packages (`davical`): PHP over PostgreSQL, the server behind many
///   hosted calendars, run by PHP's own web server over a PostgreSQL cluster of the test's own
///   (on a socket in its folder, nothing listening on the network), with the user `ada`.
///
/// ``stop()`` kills it as a server that goes down; ``restart()`` starts it again on the same
/// port with the same storage.
public final class CalDAVTestServer: @unchecked Sendable {
    /// Which server.
    public enum Kind: String, Sendable, CustomStringConvertible {
        case radicale, xandikos, davical
        /// The servers every CalDAV test runs against.
        public static let allCases: [Kind] = [.radicale, .xandikos, .davical]
        public var description: String { rawValue }
        /// Whether it checks credentials (Xandikos takes none).
        public var takesCredentials: Bool { self != .xandikos }
    }

    public let kind: Kind
    /// `http://127.0.0.1:PORT/`.
    public let root: URL
    /// The user and password Radicale accepts (Xandikos ignores them).
    public static let user = "ada"
    public static let password = "lovelace"
    private let lock = NSLock()
    private var process: Process
    private let executable: URL
    private let arguments: [String]
    private let folder: TemporaryFolder
    private var database: PostgreSQL?

    /// Starts the server and waits until it answers.
    public init(_ kind: Kind = .radicale) async throws {
        self.kind = kind
        folder = try TemporaryFolder(kind.rawValue)
        let port = try LoopbackPort.free()
        root = URL(string: "http://127.0.0.1:\(port)/")!
        executable = kind == .davical ? URL(fileURLWithPath: "/usr/bin/php") : Repository.url("Tests/Tools/python")
        switch kind {
        case .radicale:
            let users = try folder.write("users", "\(Self.user):\(Self.password)\n")
            arguments = [
                "-m", "radicale", "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder", folder.path("collections"),
                "--auth-type", "htpasswd", "--auth-htpasswd-filename", users, "--auth-htpasswd-encryption", "plain",
                "--logging-level", "warning",
            ]
        case .xandikos:
            arguments = [
                "-m", "xandikos.web", "--defaults", "-d", folder.path("collections"), "--state-dir", folder.path("state"),
                "-l", "127.0.0.1", "-p", "\(port)", "--no-detect-systemd",
            ]
        case .davical:
            arguments = ["-S", "127.0.0.1:\(port)", try Self.configureDAViCal(in: folder)]
        }
        process = Process()
        if kind == .davical { database = try PostgreSQL(folder: folder) }
        try await start()
    }

    deinit {
        stop()
        database?.stop()
    }

    /// Whether the server can run here: Xandikos is installed into the tools' environment only
    /// where pip can build it; DAViCal with PostgreSQL and PHP by `.ci/setup tests` (Debian's
    /// `davical`, `postgresql`, `php-cli`).
    public static func isAvailable(_ kind: Kind) -> Bool {
        if kind == .davical {
            return FileManager.default.fileExists(atPath: "/usr/share/davical/htdocs/caldav.php") && FileManager.default.isExecutableFile(atPath: "/usr/bin/php")
                && PostgreSQL.binaries != nil
        }
        let module = kind == .radicale ? "radicale" : "xandikos"
        return (try? ProcessRunner.run(Repository.url("Tests/Tools/python"), ["-c", "import \(module)"]).status) == 0
    }

    /// DAViCal's configuration and the router PHP's web server sends every request through; the
    /// router's path.
    private static func configureDAViCal(in folder: TemporaryFolder) throws -> String {
        // DAViCal reads /etc/davical/SERVER_NAME-conf.php: the router gives a server name that
        // leads there to this folder's configuration, which puts the real name back, so that
        // nothing is written under /etc.
        let configuration = folder.path("test")
        _ = try folder.write(
            "test-conf.php",
            """
            <?php
            $c->pg_connect[] = "dbname=davical user=davical_app host=\(folder.path("socket")) port=5432";
            $c->admin_email = 'admin@example.com';
            $c->system_name = 'DAViCal for the tests';
            $_SERVER['SERVER_NAME'] = '127.0.0.1';

            """)
        return try folder.write(
            "router.php",
            """
            <?php
            $_SERVER['SERVER_NAME'] = '../..\(configuration)';
            $path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
            if (strpos($path, '/caldav.php') === 0) {
                $_SERVER['SCRIPT_NAME'] = '/caldav.php';
                $_SERVER['PATH_INFO'] = substr($path, strlen('/caldav.php'));
            } else {
                $_SERVER['SCRIPT_NAME'] = '';
                $_SERVER['PATH_INFO'] = $path;
            }
            chdir('/usr/share/davical/htdocs');
            require '/usr/share/davical/htdocs/caldav.php';

            """)
    }

    private func start() async throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        lock.withLock { self.process = process }
        // The tools' environment may be made first (pip installing its packages on a new machine).
        // Patience is counted in looks, 1,500 of them 200 ms apart, not by the clock: the suite
        // runs many synchronous tests on the two threads of a small machine, and a wait that was
        // not given a thread for minutes has not waited for the server (CI once gave up on a
        // Radicale that had long been answering, at its first look after 326 s without a turn).
        for _ in 0..<1_500 {
            // DAViCal answers OPTIONS without credentials with 401, on which URLSession waits
            // for ever: a connection taken is enough there (PHP's server answers once it listens).
            if kind == .davical ? LoopbackPort.accepts(root.port ?? 0) : (try? await Self.status(of: root)) != nil { return }
            guard process.isRunning else { throw Failure(description: "\(kind) exited at start (status \(process.terminationStatus))") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        kill(process.processIdentifier, SIGKILL)
        throw Failure(description: "\(kind) did not answer on \(root) after 1,500 looks 200 ms apart")
    }

    /// Stops it at once, as a server that goes down does (SIGKILL: Radicale waits for requests
    /// under way on SIGTERM).
    public func stop() {
        let process = lock.withLock { self.process }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Starts it again after ``stop()``, on the same port with the same storage.
    public func restart() async throws {
        stop()
        try await start()
    }

    /// Makes a calendar collection (`MKCALENDAR`) and returns its URL; with a display name and
    /// the components it takes, when given.
    public func makeCalendar(_ name: String, displayName: String? = nil, components: [String]? = nil) async throws -> URL {
        let url = nonCalendar.appendingPathComponent("\(name)/")
        var request = URLRequest(url: url)
        request.httpMethod = "MKCALENDAR"
        if displayName != nil || components != nil {
            let properties =
                (displayName.map { "<d:displayname>\($0)</d:displayname>" } ?? "")
                + (components.map { "<c:supported-calendar-component-set>\($0.map { "<c:comp name=\"\($0)\"/>" }.joined())</c:supported-calendar-component-set>" } ?? "")
            request.httpBody = Data(
                "<?xml version=\"1.0\"?><c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:set><d:prop>\(properties)</d:prop></d:set></c:mkcalendar>".utf8)
            request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
        }
        request.setValue("Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let status = try await Self.send(request)
        guard status == 201 else { throw Failure(description: "MKCALENDAR \(url): \(status)") }
        return url
    }

    /// Where the server keeps its collections (Radicale: `collection-root/USER/CALENDAR/*.ics`).
    public var storage: URL {
        folder.url.appendingPathComponent("collections")
    }

    /// A collection that exists and is not a calendar: the user's calendar home.
    public var nonCalendar: URL {
        switch kind {
        case .radicale: root.appendingPathComponent("\(Self.user)/")
        case .xandikos: root.appendingPathComponent("user/calendars/")
        case .davical: root.appendingPathComponent("caldav.php/\(Self.user)/")
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `OPTIONS`, which both answer without a redirect (Radicale's `GET /` sends browsers in
    /// circles that URLSession gives up on).
    private static func status(of url: URL) async throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: 2)
        request.httpMethod = "OPTIONS"
        return try await send(request)
    }

    private static func send(_ request: URLRequest) async throws -> Int {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw Failure(description: "no answer from \(request.url?.absoluteString ?? "?")")
        }
        return status
    }

}
