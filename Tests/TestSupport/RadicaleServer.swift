import Foundation

/// Radicale, a CalDAV server from PyPI, started for a test on a free loopback port with its own
/// storage and one user (`ada`, password `lovelace`), and stopped when the value goes away.
public final class RadicaleServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/`.
    public let root: URL
    /// The user and password it accepts.
    public static let user = "ada"
    public static let password = "lovelace"
    private let process = Process()
    private let folder: TemporaryFolder

    /// Starts it, and waits until it answers (async, like the client the tests drive with it).
    public init() async throws {
        folder = try TemporaryFolder("radicale")
        let users = try folder.write("users", "\(Self.user):\(Self.password)\n")
        let port = try Self.freePort()
        root = URL(string: "http://127.0.0.1:\(port)/")!
        process.executableURL = Repository.url("Tests/Tools/python")
        process.arguments = [
            "-m", "radicale", "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder", folder.path("collections"),
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", users, "--auth-htpasswd-encryption", "plain",
            "--logging-level", "warning",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The tools' environment may be made first (pip installing six packages on a new machine).
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            if (try? await Self.status(of: root)) != nil { return }
            guard process.isRunning else { throw Failure(description: "radicale exited at start (status \(process.terminationStatus))") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        kill(process.processIdentifier, SIGKILL)
        throw Failure(description: "radicale did not answer on \(root) within 300 s")
    }

    deinit {
        stop()
    }

    /// Stops it at once, as a server that goes down does (SIGKILL: Radicale waits for requests
    /// under way on SIGTERM).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Makes a calendar collection (`MKCALENDAR`) and returns its URL.
    public func makeCalendar(_ name: String) async throws -> URL {
        let url = root.appendingPathComponent("\(Self.user)/\(name)/")
        var request = URLRequest(url: url)
        request.httpMethod = "MKCALENDAR"
        request.setValue("Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let status = try await Self.send(request)
        guard status == 201 else { throw Failure(description: "MKCALENDAR \(url): \(status)") }
        return url
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `OPTIONS`, which Radicale answers without a redirect (`GET /` sends browsers in circles
    /// that URLSession gives up on).
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

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
