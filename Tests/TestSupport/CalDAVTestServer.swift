#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation

/// A CalDAV server from PyPI, started for a test on a free loopback port with storage of its own,
/// and stopped when the value goes away:
///
/// - Radicale, with one user (`ada`, password `lovelace`) whose credentials it checks;
/// - Xandikos, stricter in what it accepts, without authentication (it takes credentials only
///   over HTTPS, from a proxy in front).
///
/// ``stop()`` kills it as a server that goes down; ``restart()`` starts it again on the same
/// port with the same storage.
public final class CalDAVTestServer: @unchecked Sendable {
    /// Which server.
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case radicale, xandikos
        public var description: String { rawValue }
    }

    public let kind: Kind
    /// `http://127.0.0.1:PORT/`.
    public let root: URL
    /// The user and password Radicale accepts (Xandikos ignores them).
    public static let user = "ada"
    public static let password = "lovelace"
    private let lock = NSLock()
    private var process: Process
    private let arguments: [String]
    private let folder: TemporaryFolder

    /// Starts the server and waits until it answers.
    public init(_ kind: Kind = .radicale) async throws {
        self.kind = kind
        folder = try TemporaryFolder(kind.rawValue)
        let port = try LoopbackPort.free()
        root = URL(string: "http://127.0.0.1:\(port)/")!
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
        }
        process = Process()
        try await start()
    }

    deinit {
        stop()
    }

    /// Whether the server can run here: Xandikos is installed into the tools' environment only
    /// where pip can build it.
    public static func isAvailable(_ kind: Kind) -> Bool {
        let module = kind == .radicale ? "radicale" : "xandikos"
        return (try? ProcessRunner.run(Repository.url("Tests/Tools/python"), ["-c", "import \(module)"]).status) == 0
    }

    private func start() async throws {
        let process = Process()
        process.executableURL = Repository.url("Tests/Tools/python")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        lock.withLock { self.process = process }
        // The tools' environment may be made first (pip installing its packages on a new machine).
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            if (try? await Self.status(of: root)) != nil { return }
            guard process.isRunning else { throw Failure(description: "\(kind) exited at start (status \(process.terminationStatus))") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        kill(process.processIdentifier, SIGKILL)
        throw Failure(description: "\(kind) did not answer on \(root) within 300 s")
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
        let url = root.appendingPathComponent(kind == .radicale ? "\(Self.user)/\(name)/" : "user/calendars/\(name)/")
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

    /// A collection that exists and is not a calendar: the user's home (Radicale) or the
    /// calendar home (Xandikos).
    public var nonCalendar: URL {
        root.appendingPathComponent(kind == .radicale ? "\(Self.user)/" : "user/calendars/")
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
