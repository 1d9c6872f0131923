import Foundation

/// A web server that only redirects (`Tests/Tools/redirect_server.py`), in front of a CalDAV
/// server the tests start, as the front doors of CalDAV services are: a root that is no DAV and a
/// well-known address that points on (`wellKnown`), or a whole service moved elsewhere
/// (`everything`). Stopped when the value goes away.
public final class RedirectServer: @unchecked Sendable {
    /// What it redirects.
    public enum Mode: String, Sendable {
        /// `/.well-known/caldav` to the target; every other path is 404.
        case wellKnown = "well-known"
        /// Every path to the same path under the target.
        case everything
    }

    /// `http://127.0.0.1:PORT/`.
    public let root: URL
    private let process: Process

    /// Starts it, redirecting to `target`.
    public init(_ mode: Mode, to target: String) throws {
        let (process, port) = try ProcessRunner.startServer(
            Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/redirect_server.py").path, mode.rawValue, target])
        self.process = process
        root = URL(string: "http://127.0.0.1:\(port)/")!
    }

    deinit {
        // SIGKILL, as CalDAVTestServer does: a SIGTERM may be ignored by what the test process
        // passes on to its children, and waiting for it would hang the test.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
