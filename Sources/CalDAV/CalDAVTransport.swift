import Basics
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import XMLParsing

/// The HTTP under ``CalDAVClient`` and ``CalDAVAccount``: one request at a time, credentials
/// attached only where ``CredentialScope`` allows, redirects followed here rather than by
/// AsyncHTTPClient, so that each hop is checked before the password goes with it and a
/// `PROPFIND` stays a `PROPFIND` (RFC 6764's well-known address answers it with 301).
struct CalDAVTransport: Sendable {
    var credentials: CalDAVClient.Credentials?
    var scope: CredentialScope
    var timeout: TimeInterval
    var userAgent: String
    /// How long an answer's body may go without a byte once its headers came: a server that
    /// sends headers and then nothing is given up on, whatever the request's whole time.
    var idleTimeout: TimeInterval = CalDAVTransport.idleTimeout

    /// The default of ``idleTimeout``, in seconds.
    static let idleTimeout: TimeInterval = 30
    /// The largest answer this transport reads: a listing of a whole calendar may be large, the
    /// answer to a `PROPFIND` of one collection or to a `PUT` is not.
    var answerLimit = CalDAVTransport.largestSingleAnswer

    /// The most redirects one request follows.
    static let maximumRedirects = 8

    /// What the server answered, and where (after redirects).
    struct Answer: Sendable {
        var status: Int
        var body: [UInt8]
        var entityTag: String?
        var location: String?
        /// The URL that answered: the one asked, or the last redirect's target.
        var url: URL
    }

    /// Sends a request and follows redirects (301, 302, 307 and 308 with the same method and
    /// body; 303 as a `GET`).
    func exchange(_ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:]) async throws(CalDAVError) -> Answer {
        var (method, url, body) = (method, url, body)
        var visited: Set<URL> = [url]
        for _ in 0...Self.maximumRedirects {
            let answer = try await once(method, url, body: body, headers: headers)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.location else { return answer }
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL, next.host != nil else {
                throw .failed(url: url.absoluteString, status: answer.status, reason: "redirected to an address that cannot be read: \(location)")
            }
            guard visited.insert(next).inserted else {
                throw .failed(url: url.absoluteString, status: answer.status, reason: "redirects in a circle (through \(next.absoluteString))")
            }
            if answer.status == 303 {
                (method, body) = ("GET", [])
            }
            url = next
        }
        throw .failed(url: url.absoluteString, status: 0, reason: "more than \(Self.maximumRedirects) redirects")
    }

    private func once(_ method: String, _ url: URL, body: [UInt8], headers: [String: String]) async throws(CalDAVError) -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if !body.isEmpty { request.body = .bytes(ByteBuffer(bytes: body)) }
        request.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        // Basic credentials go with every request: each saves a round trip (and Radicale's delay
        // on unauthenticated requests). Digest is not spoken.
        if let credentials {
            if let refusal = scope.refusal(for: url) { throw .credentialsWithheld(url: url.absoluteString, reason: refusal) }
            let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            request.headers.add(name: "Authorization", value: "Basic \(token)")
        }
        do {
            let deadline = NIODeadline.now() + .seconds(Int64(timeout))
            let response = try await Self.http.execute(request, deadline: deadline)
            // A size announced past the limit is refused before a byte of the body is read.
            if let announced = response.headers.first(name: "Content-Length").flatMap(Int.init), announced > answerLimit {
                throw CalDAVError.tooLarge(url: url.absoluteString, reason: "the answer is \(announced >> 20) MB, larger than \(answerLimit >> 20) MB")
            }
            let data = try await Self.collect(response.body, url: url, deadline: deadline, idle: idleTimeout, limit: answerLimit)
            let status = Int(response.status.code)
            if status == 401 || (status == 403 && !Self.isPreconditionAnswer(data)) {
                throw CalDAVError.refused(url: url.absoluteString, status: status)
            }
            return Answer(
                status: status, body: Array(buffer: data), entityTag: response.headers.first(name: "ETag"),
                location: response.headers.first(name: "Location"), url: url)
        } catch let error as CalDAVError {
            throw error
        } catch {
            throw .unreachable(url: url.absoluteString, reason: Self.explain(error))
        }
    }

    /// Why an answer's body was given up on.
    private enum BodyFailure: Error {
        case idle(TimeInterval)
        case deadline
        case tooLarge
    }

    /// An answer's body, read while a watch gives up when no byte came for `idle` seconds or the
    /// request's `deadline` passes, and refused past `limit` bytes: giving up cancels the
    /// request, which closes its connection.
    private static func collect(
        _ body: HTTPClientResponse.Body, url: URL, deadline: NIODeadline, idle: TimeInterval, limit: Int
    ) async throws(CalDAVError) -> ByteBuffer {
        let lastByte = Locked(NIODeadline.now())
        do {
            return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask {
                    var buffer = ByteBuffer()
                    for try await chunk in body {
                        guard buffer.readableBytes + chunk.readableBytes <= limit else { throw BodyFailure.tooLarge }
                        var chunk = chunk
                        buffer.writeBuffer(&chunk)
                        lastByte.withLock { $0 = .now() }
                    }
                    return buffer
                }
                group.addTask {
                    while true {
                        try await Task.sleep(nanoseconds: 250_000_000)
                        let now = NIODeadline.now()
                        if now > deadline { throw BodyFailure.deadline }
                        if now - lastByte.withLock({ $0 }) > .milliseconds(Int64(idle * 1000)) { throw BodyFailure.idle(idle) }
                    }
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else { throw BodyFailure.deadline }
                return buffer
            }
        } catch let failure as BodyFailure {
            switch failure {
            case .idle(let seconds):
                throw .unreachable(url: url.absoluteString, reason: "the server stopped sending in the middle of its answer (nothing for \(Int(seconds)) s)")
            case .deadline: throw .unreachable(url: url.absoluteString, reason: "no whole answer in time")
            case .tooLarge: throw .tooLarge(url: url.absoluteString, reason: "the answer is larger than \(limit >> 20) MB")
            }
        } catch {
            throw .unreachable(url: url.absoluteString, reason: explain(error))
        }
    }

    /// Whether a 403 is a WebDAV precondition (RFC 4918 §16: a `DAV:error` body, such as an
    /// expired sync token's `valid-sync-token`) rather than a refusal of the credentials.
    private static func isPreconditionAnswer(_ data: ByteBuffer) -> Bool {
        let text = String(buffer: data)
        return text.contains("valid-sync-token") || text.contains("supported-report")
    }

    /// One HTTP client for the process (never shut down, as `HTTPClient.shared` is not): it
    /// keeps connections open between requests, and fails a request at once when its server
    /// cannot be reached, instead of trying to connect again until the request's time is up.
    /// Redirects are followed by ``exchange(_:_:body:headers:)``.
    private static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The largest listing read: some 50,000 events.
    static let largestAnswer = 256 << 20
    /// The largest answer to anything but a listing: one collection's properties, one event.
    static let largestSingleAnswer = 16 << 20

    /// What a connection failure was, in words.
    private static func explain(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: "no answer in time"
        case let error as HTTPClientError where error == .remoteConnectionClosed: "the server closed the connection"
        case let error as HTTPClientError where error == .connectTimeout: "cannot connect in time"
        case let error as NIOConnectionError: "cannot connect: \(error.connectionErrors.first.map { "\($0.error)" } ?? "\(error)")"
        default: "\(error)"
        }
    }

    // MARK: - Answers

    static let calDAV = "urn:ietf:params:xml:ns:caldav"

    /// Text as XML character data, for the bodies of requests.
    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A WebDAV multistatus answer as a tree.
    static func parse(_ data: [UInt8], _ url: URL) throws(CalDAVError) -> XMLTree {
        do {
            return try XMLTree.parse(data)
        } catch {
            throw .unreadable(url: url.absoluteString, reason: error.description)
        }
    }

    /// The error a status that is not success means.
    static func failure(_ url: URL, _ status: Int, _ data: [UInt8]) -> CalDAVError {
        switch status {
        case 412: return .preconditionFailed(url: url.absoluteString)
        case 404: return .notFound(url: url.absoluteString)
        default:
            let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return .failed(url: url.absoluteString, status: status, reason: text)
        }
    }

    /// Whether a propstat's or response's status line (`HTTP/1.1 200 OK`) means success; a
    /// missing one does.
    static func isSuccess(_ status: String?) -> Bool {
        guard let status else { return true }
        return status.split(separator: " ").dropFirst().first.map { $0.hasPrefix("2") } ?? false
    }

    /// The properties a multistatus answer gives, by response: its href as written, the URL it
    /// names, and each successful propstat's `prop` element merged.
    static func properties(of root: XMLTree, at base: URL) -> [(href: String, url: URL, properties: [XMLTree])] {
        var result: [(String, URL, [XMLTree])] = []
        for response in root.children("response", namespace: "DAV:") {
            guard let href = response.child("href", namespace: "DAV:")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let url = URL(string: href, relativeTo: base)?.absoluteURL
            else { continue }
            var properties: [XMLTree] = []
            for propstat in response.children("propstat", namespace: "DAV:") where isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
                properties += propstat.child("prop", namespace: "DAV:")?.children ?? []
            }
            result.append((href, url, properties))
        }
        return result
    }
}
