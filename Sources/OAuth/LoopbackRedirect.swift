import Foundation

/// Where the browser comes back at the end of a sign-in (RFC 8252 §7.3): a listener on
/// `127.0.0.1`, on a port the system picks for this sign-in alone, that takes the one request
/// the authorization server sends the browser to, answers it with a short page, and closes.
///
/// Only the loopback interface is listened on, so no other machine can reach it; a request for
/// another path (a browser's `/favicon.ico`) is answered 404 and the wait goes on; a request
/// larger than a few kilobytes, or one that does not come, ends the wait.
public final class LoopbackRedirect: Sendable {
    /// The port the system gave.
    public let port: Int
    private let socket: Int32

    /// The `redirect_uri` to send: `http://127.0.0.1:PORT/`.
    public var redirectURI: String { "http://127.0.0.1:\(port)/" }

    /// The longest request taken, head and all.
    static let requestLimit = 8 * 1024

    /// Listens on a free loopback port.
    ///
    /// - Throws: ``OAuthError/redirectListener(_:)`` when no port can be had.
    public init() throws(OAuthError) {
        let descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .redirectListener(Self.reason()) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            let reason = Self.reason()
            close(descriptor)
            throw .redirectListener(reason)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(socket)
    }

    /// What the browser is shown once it has come back.
    public struct Page: Sendable {
        /// The HTTP status.
        public var status: Int
        /// A sentence, put into a minimal HTML page.
        public var message: String

        public init(status: Int, message: String) {
            self.status = status
            self.message = message
        }
    }

    /// Waits for the browser's request to `/`, answers it with `page(target)`, and returns its
    /// target (`/?code=…&state=…`), for ``AuthorizationRequest/code(fromRedirect:)``.
    ///
    /// Connections are served side by side, each given two seconds to say what it wants, and
    /// at most ``connectionLimit`` at once (the oldest dropped for a new one): another local
    /// user's connections that say nothing cannot hold the browser's back.
    ///
    /// - Parameter seconds: How long the person has to sign in.
    /// - Throws: ``OAuthError/redirectListener(_:)`` when nothing came in time.
    /// - Parameter state: The sign-in's `state`: a request to `/` without it (another program, a
    ///   page probing ports) is answered 400 and the wait goes on, so that it cannot end the
    ///   sign-in.
    public func waitForRedirect(seconds: Int, state: String, page: (String) -> Page) throws(OAuthError) -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var open: [Connection] = []
        defer { for connection in open { close(connection.descriptor) } }
        while true {
            let now = ContinuousClock.now
            guard now < deadline else { throw .redirectListener("no browser came back within \(seconds) s") }
            for connection in open where connection.until <= now { close(connection.descriptor) }
            open.removeAll { $0.until <= now }
            var entries = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
            for connection in open { entries.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)) }
            let wake = open.map(\.until).min().map { min($0, deadline) } ?? deadline
            let ready = poll(&entries, nfds_t(entries.count), Self.milliseconds(wake - now))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            // Connections first, from the last, so that the indices of those before stay.
            for index in open.indices.reversed() where entries[index + 1].revents != 0 {
                guard let request = open[index].read() else { continue }
                let connection = open.remove(at: index)
                defer { close(connection.descriptor) }
                guard let target = request else { continue }
                let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
                guard path == "/" else {
                    Self.answer(connection.descriptor, Page(status: 404, message: "Nothing here."))
                    continue
                }
                let query = URLComponents(string: target)?.queryItems ?? []
                guard query.contains(where: { $0.name == "state" && $0.value == state }) else {
                    Self.answer(connection.descriptor, Page(status: 400, message: "Not this sign-in."))
                    continue
                }
                Self.answer(connection.descriptor, page(target))
                return target
            }
            if entries[0].revents & Int16(POLLIN) != 0 {
                let descriptor = accept(socket, nil, nil)
                guard descriptor >= 0 else { continue }
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                if open.count >= Self.connectionLimit { close(open.removeFirst().descriptor) }
                open.append(Connection(descriptor: descriptor, until: min(deadline, ContinuousClock.now + .seconds(2))))
            }
        }
    }

    /// The most connections served at once.
    static let connectionLimit = 32

    /// A connection whose request is being read.
    struct Connection {
        let descriptor: Int32
        /// When it is given up on if it has not said what it wants.
        let until: ContinuousClock.Instant
        var received: [UInt8] = []

        /// Reads what has come. `nil` while the head is not whole; then the target of a `GET`
        /// request (`/?code=…`), or `.some(nil)` for anything else: another method, no request
        /// line, a head larger than ``requestLimit``, a connection closed.
        mutating func read() -> String?? {
            var buffer = [UInt8](repeating: 0, count: 2048)
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EAGAIN || errno == EINTR { return nil }
            guard count > 0 else { return .some(nil) }
            received += buffer[..<count]
            // The request line is all that is needed; the head ends at the first empty line.
            let ended = received.count >= 4 && received.indices.dropFirst(3).contains { received[($0 - 3)...$0].elementsEqual([13, 10, 13, 10]) }
            guard ended else { return received.count >= requestLimit ? .some(nil) : nil }
            guard let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n", maxSplits: 1).first else { return .some(nil) }
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/") else { return .some(nil) }
            return .some(String(parts[1]))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let seconds = min(max(0, duration.components.seconds), Int64(Int32.max / 1000))
        return Int32(clamping: seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Writes the page, and says the connection ends.
    static func answer(_ connection: Int32, _ page: Page) {
        let escaped = page.message.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let body = Array("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>reservation-feed</title></head><body><p>\(escaped)</p></body></html>\n".utf8)
        let reason = page.status == 200 ? "OK" : page.status == 404 ? "Not Found" : "Bad Request"
        let head = Array(
            "HTTP/1.1 \(page.status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
                .utf8)
        let bytes = head + body
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    private static func reason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
