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
                bind(descriptor, generic, length) == 0 && listen(descriptor, 4) == 0 && getsockname(descriptor, generic, &length) == 0
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
    /// - Parameter seconds: How long the person has to sign in.
    /// - Throws: ``OAuthError/redirectListener(_:)`` when nothing came in time.
    /// - Parameter state: The sign-in's `state`: a request to `/` without it (another program, a
    ///   page probing ports) is answered 400 and the wait goes on, so that it cannot end the
    ///   sign-in.
    public func waitForRedirect(seconds: Int, state: String, page: (String) -> Page) throws(OAuthError) -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .redirectListener("no browser came back within \(seconds) s") }
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left.components.seconds * 1000 + 1, Int64(Int32.max))))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            defer { close(connection) }
            // Each connection has two seconds to say what it wants: a slow one cannot hold the
            // listener while the browser waits behind it.
            guard let target = Self.requestTarget(connection, deadline: min(deadline, ContinuousClock.now + .seconds(2))) else { continue }
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard path == "/" else {
                Self.answer(connection, Page(status: 404, message: "Nothing here."))
                continue
            }
            let query = URLComponents(string: target)?.queryItems ?? []
            guard query.contains(where: { $0.name == "state" && $0.value == state }) else {
                Self.answer(connection, Page(status: 400, message: "Not this sign-in."))
                continue
            }
            Self.answer(connection, page(target))
            return target
        }
    }

    /// The target of a `GET` request read from `connection` (`/?code=…`), or `nil` for anything
    /// else: another method, no request line, a head larger than ``requestLimit``.
    static func requestTarget(_ connection: Int32, deadline: ContinuousClock.Instant) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < requestLimit {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(min(left.components.seconds * 1000 + 1, 5_000))) > 0 else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            received += buffer[..<count]
            // The request line is all that is needed; the head ends at the first empty line.
            if received.count >= 4, received.indices.dropFirst(3).contains(where: { received[($0 - 3)...$0].elementsEqual([13, 10, 13, 10]) }) {
                break
            }
        }
        guard let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n", maxSplits: 1).first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/") else { return nil }
        return String(parts[1])
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
