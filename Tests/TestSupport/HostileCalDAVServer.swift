import Foundation

/// A CalDAV server on loopback that answers as a compromised or buggy one would
/// (`Tests/Tools/hostile_caldav.py`), listening on 127.0.0.1 and 127.0.0.2 on one port, with a
/// log of every request it got. Stopped when the value goes away.
public final class HostileCalDAVServer: @unchecked Sendable {
    /// How it answers a listing: see the script.
    public enum Mode: String, Sendable {
        case honest
        case outside
        case silence
        case announce
        case flood
        case swarm
        case crowd
        case deep
    }

    /// One request it got.
    public struct Request: Decodable, Sendable, Equatable {
        /// The address it was sent to: `127.0.0.1` or `127.0.0.2`.
        public var address: String
        public var method: String
        /// The path as sent.
        public var path: String
        /// Whether it carried credentials.
        public var authorization: Bool
    }

    public let port: Int
    private let process: Process
    private let folder: TemporaryFolder

    /// The calendar: `http://127.0.0.1:PORT/cal/`.
    public var calendar: URL { URL(string: "http://127.0.0.1:\(port)/cal/")! }

    public init(_ mode: Mode) throws {
        folder = try TemporaryFolder("hostile")
        let (process, line) = try ProcessRunner.startServer(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/hostile_caldav.py").path, folder.path("log"), mode.rawValue])
        self.process = process
        guard let port = Int(line) else {
            kill(process.processIdentifier, SIGKILL)
            throw ProcessRunner.NotStarted(description: "hostile_caldav.py printed no port: \(line)")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Answers listings another way from now on.
    public func set(_ mode: Mode) throws {
        try Data(mode.rawValue.utf8).write(to: URL(fileURLWithPath: folder.path("log.mode")))
    }

    /// Every request so far, in order.
    public var requests: [Request] {
        guard let data = FileManager.default.contents(atPath: folder.path("log")) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }
}
