import Basics
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import XMLParsing

/// The HTTP under ``CalDAVClient`` and ``CalDAVAccount``: one request at a time, credentials
/// attached only where ``CredentialScope`` allows, redirects followed here rather than by
/// AsyncHTTPClient, so that each hop is checked before the password or token goes with it and a
/// `PROPFIND` stays a `PROPFIND` (RFC 6764's well-known address answers it with 301). A bearer
/// token the server refuses (401) is replaced once by its source, and the request made again.
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
    /// The largest answer this transport reads whole: the answer to a `PROPFIND` of one
    /// collection or to a `PUT` is not large (a listing of a whole calendar is not read whole).
    var answerLimit = CalDAVTransport.largestSingleAnswer

    /// The most redirects one request follows.
    static let maximumRedirects = 8
    /// How often a request a server answered busy (429, or 503 with `Retry-After`) is made
    /// again, after waiting as long as it asked and at least 1, 2, then 4 s, with up to half as
    /// much again at random, so that requests refused together do not come back together.
    static let busyRetries = 3
    /// The longest a busy server's `Retry-After` is waited out here, in seconds; a longer one is
    /// the caller's to wait for (``CalDAVError/busy(url:status:retryAfter:)``).
    static let longestBusyWait = 30
    /// Told of each busy answer waited out, with the seconds waited.
    var waitedForBusy: (@Sendable (Int) -> Void)?

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
    /// body; 303 as a `GET`), and reads the last answer's body whole (up to ``answerLimit``).
    func exchange(_ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:]) async throws(CalDAVError) -> Answer {
        let head = try await send(method, url, body: body, headers: headers)
        return try await whole(head)
    }

    /// Sends a request as ``exchange(_:_:body:headers:)`` does; an answer with status `status`
    /// is read as it arrives by the reader `reader` makes, up to `limit` bytes, and gives what
    /// that reader gives (`output`, with an empty `body`); any other answer is read whole, for
    /// its explanation, and gives no `output`.
    func exchange<Reader: AnswerReader>(
        _ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:], reading status: Int, limit: Int,
        with reader: @escaping @Sendable () -> Reader
    ) async throws(CalDAVError) -> (answer: Answer, output: Reader.Output?) {
        let head = try await send(method, url, body: body, headers: headers)
        guard head.status == status else { return (try await whole(head), nil) }
        let output = try await Self.read(head, limit: limit, idle: idleTimeout, with: reader)
        return (head.answer(body: []), output)
    }

    /// An answer whose headers came and whose body is still to be read.
    private struct Head: Sendable {
        var response: HTTPClientResponse
        var url: URL
        var deadline: NIODeadline
        /// The bearer token the request carried, if any.
        var token: String?
        var status: Int { Int(response.status.code) }

        func answer(body: [UInt8]) -> Answer {
            Answer(
                status: status, body: body, entityTag: response.headers.first(name: "ETag"), location: response.headers.first(name: "Location"),
                url: url)
        }
    }

    /// The answer of `head` with its body, the credentials' refusal thrown.
    private func whole(_ head: Head, refusalThrown: Bool = true) async throws(CalDAVError) -> Answer {
        let data = try await Self.read(head, limit: answerLimit, idle: idleTimeout) { AnswerBytes() }
        guard refusalThrown else { return head.answer(body: data) }
        let retryAfter = head.response.headers.first(name: "Retry-After").flatMap(Self.seconds(retryAfter:))
        if head.status == 429 || (head.status == 503 && retryAfter != nil) || (head.status == 403 && Self.isQuotaAnswer(data)) {
            throw CalDAVError.busy(url: head.url.absoluteString, status: head.status, retryAfter: retryAfter)
        }
        if head.status == 401 || (head.status == 403 && !Self.isPreconditionAnswer(data)) {
            throw CalDAVError.refused(url: head.url.absoluteString, status: head.status)
        }
        return head.answer(body: data)
    }

    /// How long to wait before asking again after `head`, when it is a busy answer that may be
    /// waited out here (the `tries`th): `nil` to give it to the caller.
    private static func busyWait(_ head: Head, tries: Int) -> Int? {
        guard head.status == 429 || head.status == 503, tries < busyRetries else { return nil }
        let retryAfter = head.response.headers.first(name: "Retry-After").flatMap(seconds(retryAfter:))
        if head.status == 503, retryAfter == nil { return nil }  // a server down, not busy
        guard (retryAfter ?? 0) <= longestBusyWait else { return nil }
        return max(retryAfter ?? 0, 1 << tries)
    }

    /// A `Retry-After` value in seconds: a number of seconds, or an HTTP date (RFC 9110 §10.2.3).
    static func seconds(retryAfter value: String) -> Int? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(value) { return max(0, seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { max(0, Int($0.timeIntervalSinceNow.rounded(.up))) }
    }

    /// Whether a 403 is Google's quota spent rather than a refusal ("Handle API errors": a
    /// `rateLimitExceeded`, `userRateLimitExceeded` or `quotaExceeded` reason).
    private static func isQuotaAnswer(_ data: [UInt8]) -> Bool {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return ["rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded", "RATE_LIMIT_EXCEEDED"].contains { text.contains($0) }
    }

    /// Sends the request and follows redirects, reading each redirect's body; the last answer's
    /// body is left to be read.
    private func send(_ method: String, _ url: URL, body: [UInt8], headers: [String: String]) async throws(CalDAVError) -> Head {
        var (method, url, body) = (method, url, body)
        var visited: Set<URL> = [url]
        var tokenRefused = false
        var busyWaits = 0
        var redirects = 0
        while redirects <= Self.maximumRedirects {
            var head = try await once(method, url, body: body, headers: headers)
            if let wait = Self.busyWait(head, tries: busyWaits) {
                // Asked to wait: waited, then asked again (the answer's body read and dropped).
                _ = try await whole(head, refusalThrown: false)
                busyWaits += 1
                waitedForBusy?(wait)
                try? await Task.sleep(for: .seconds(Double(wait) * Double.random(in: 1...1.5)))
                continue
            }
            redirects += 1
            if head.status == 401, let token = head.token, !tokenRefused, case .bearer(_, let source) = credentials {
                // Refused before its time (revoked, or the clock is off): a new one, once.
                _ = try await whole(head, refusalThrown: false)
                await source.refused(token)
                tokenRefused = true
                head = try await once(method, url, body: body, headers: headers)
            }
            guard [301, 302, 303, 307, 308].contains(head.status), let location = head.response.headers.first(name: "Location") else { return head }
            _ = try await whole(head)
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL, next.host != nil else {
                throw .failed(url: url.absoluteString, status: head.status, reason: "redirected to an address that cannot be read: \(location)")
            }
            guard visited.insert(next).inserted else {
                throw .failed(url: url.absoluteString, status: head.status, reason: "redirects in a circle (through \(next.absoluteString))")
            }
            if head.status == 303 {
                (method, body) = ("GET", [])
            }
            url = next
        }
        throw .failed(url: url.absoluteString, status: 0, reason: "more than \(Self.maximumRedirects) redirects")
    }

    private func once(_ method: String, _ url: URL, body: [UInt8], headers: [String: String]) async throws(CalDAVError) -> Head {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if !body.isEmpty { request.body = .bytes(ByteBuffer(bytes: body)) }
        request.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        // Credentials go with every request: each saves a round trip (and Radicale's delay on
        // unauthenticated requests). Digest is not spoken.
        var token: String?
        switch credentials {
        case .password(let user, let password):
            if let refusal = scope.refusal(for: url) { throw .credentialsWithheld(url: url.absoluteString, reason: refusal) }
            request.headers.add(name: "Authorization", value: "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())")
        case .bearer(_, let source):
            if let refusal = scope.tokenRefusal(for: url) { throw .credentialsWithheld(url: url.absoluteString, reason: refusal) }
            do {
                token = try await source.token()
            } catch {
                throw .noToken(url: url.absoluteString, reason: error.reason, mayPass: error.mayPass)
            }
            request.headers.add(name: "Authorization", value: "Bearer \(token ?? "")")
        case nil:
            break
        }
        let deadline = NIODeadline.now() + .seconds(Int64(timeout))
        do {
            return Head(response: try await Self.http.execute(request, deadline: deadline), url: url, deadline: deadline, token: token)
        } catch {
            throw .unreachable(url: url.absoluteString, reason: Self.explain(error))
        }
    }

    /// Why an answer's body was given up on.
    private enum ReceiveError: Error {
        case idle(TimeInterval)
        case deadline
        case tooLarge
    }

    /// An answer's body, given to a reader as it arrives, while a watch gives up when no byte
    /// came for `idle` seconds or the request's deadline passes; refused past `limit` bytes, a
    /// size announced past it before a byte is read. Giving up cancels the request, which
    /// closes its connection.
    private static func read<Reader: AnswerReader>(
        _ head: Head, limit: Int, idle: TimeInterval, with makeReader: @escaping @Sendable () -> Reader
    ) async throws(CalDAVError) -> Reader.Output {
        let url = head.url
        if let announced = head.response.headers.first(name: "Content-Length").flatMap(Int.init), announced > limit {
            throw .tooLarge(url: url.absoluteString, reason: "the answer is \(announced >> 20) MB, larger than \(limit >> 20) MB")
        }
        let (body, deadline) = (head.response.body, head.deadline)
        let lastByte = Locked(NIODeadline.now())
        do {
            return try await withThrowingTaskGroup(of: Reader.Output?.self) { group in
                group.addTask {
                    var reader = makeReader()
                    var received = 0
                    for try await chunk in body {
                        received += chunk.readableBytes
                        guard received <= limit else { throw ReceiveError.tooLarge }
                        try reader.read(chunk)
                        lastByte.withLock { $0 = .now() }
                    }
                    return try reader.finish()
                }
                group.addTask {
                    while true {
                        try await Task.sleep(nanoseconds: 250_000_000)
                        let now = NIODeadline.now()
                        if now > deadline { throw ReceiveError.deadline }
                        if now - lastByte.withLock({ $0 }) > .milliseconds(Int64(idle * 1000)) { throw ReceiveError.idle(idle) }
                    }
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let output = first else { throw ReceiveError.deadline }
                return output
            }
        } catch let failure as ReceiveError {
            switch failure {
            case .idle(let seconds):
                throw .unreachable(url: url.absoluteString, reason: "the server stopped sending in the middle of its answer (nothing for \(Int(seconds)) s)")
            case .deadline: throw .unreachable(url: url.absoluteString, reason: "no whole answer in time")
            case .tooLarge: throw .tooLarge(url: url.absoluteString, reason: "the answer is larger than \(limit >> 20) MB")
            }
        } catch let error as CalDAVError {
            throw error
        } catch {
            throw .unreachable(url: url.absoluteString, reason: explain(error))
        }
    }

    /// Whether a 403 is a WebDAV precondition (RFC 4918 §16: a `DAV:error` body, such as an
    /// expired sync token's `valid-sync-token`) rather than a refusal of the credentials.
    private static func isPreconditionAnswer(_ data: [UInt8]) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
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

    /// The largest answer read whole: one collection's properties, one event, an error's
    /// explanation. Listings are read as they arrive, within ``ListingLimits``.
    static let largestSingleAnswer = 16 << 20

    /// What a connection failure was, in words.
    private static func explain(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: "no answer in time"
        case let error as HTTPClientError where error == .remoteConnectionClosed: "the server closed the connection"
        case let error as HTTPClientError where error == .connectTimeout: "cannot connect in time"
        case let error as NIOConnectionError:
            "cannot connect: \(error.connectionErrors.first.map { ($0.error as? IOError).map { SocketErrorWords.connecting($0.errnoCode) } ?? "\($0.error)" } ?? "\(error)")"
        case let error as IOError: "cannot connect: \(SocketErrorWords.connecting(error.errnoCode))"
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
        root.children("response", namespace: "DAV:").compactMap { properties(ofResponse: $0, at: base) }
    }

    /// The properties one `response` of a multistatus answer gives: its href as written, the URL
    /// it names, and each successful propstat's `prop` element merged; `nil` for another
    /// element, or a response without an href that reads as a URL.
    static func properties(ofResponse response: XMLTree, at base: URL) -> (href: String, url: URL, properties: [XMLTree])? {
        guard response.name == "response", response.namespace == "DAV:",
            let href = response.child("href", namespace: "DAV:")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
            let url = URL(string: href, relativeTo: base)?.absoluteURL
        else { return nil }
        var properties: [XMLTree] = []
        for propstat in response.children("propstat", namespace: "DAV:") where isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
            properties += propstat.child("prop", namespace: "DAV:")?.children ?? []
        }
        return (href, url, properties)
    }
}
