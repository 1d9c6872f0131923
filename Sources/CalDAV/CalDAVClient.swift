import Foundation
import HTMLMarkup

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Speaks CalDAV (RFC 4791) to one calendar collection: lists its events, creates, replaces and
/// deletes them, each under a precondition so that nothing another client changed is overwritten
/// by accident.
///
/// HTTP through Foundation's `URLSession` (libcurl on Linux): HTTPS with the system's trust
/// store, redirects, Basic and Digest authentication. WebDAV answers are read with libxml2
/// (``XMLTree``).
public struct CalDAVClient: Sendable {
    /// The calendar collection, ending in `/`.
    public let calendar: URL
    /// User name and password, or `nil` for none.
    public let credentials: Credentials?
    /// How long one request may take.
    public var timeout: TimeInterval = 30
    /// How many requests a caller should have under way at once; the client keeps as many
    /// connections open.
    public static let maximumConcurrentRequests = 4
    private let connection: Connection

    /// A user name and password.
    public struct Credentials: Sendable, Hashable {
        public var user: String
        public var password: String
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    /// An event resource as the server has it.
    public struct Resource: Sendable, Hashable {
        /// Its URL on the server.
        public var url: URL
        /// Its ETag, the precondition for changing or deleting it.
        public var entityTag: String?
        /// Its iCalendar text.
        public var calendarData: String
    }

    /// Creates a client for the calendar at `calendar` (a trailing `/` is added when missing).
    public init(calendar: URL, credentials: Credentials?) {
        self.calendar = calendar.absoluteString.hasSuffix("/") ? calendar : calendar.appendingPathComponent("")
        self.credentials = credentials
        connection = Connection(credentials: credentials)
    }

    /// Checks that the URL is a calendar collection the credentials may use.
    public func checkCalendar() async throws(CalDAVError) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>
            """
        let (status, data) = try await send("PROPFIND", calendar, body: Array(body.utf8), headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"])
        guard status == 207 else { throw failure(calendar, status, data) }
        let root = try parse(data, calendar)
        guard root.descendants("resourcetype", namespace: "DAV:").contains(where: { $0.child("calendar", namespace: Self.calDAV) != nil }) else {
            throw .notACalendar(url: calendar.absoluteString)
        }
    }

    /// Every event resource of the calendar, with its ETag and text (a `calendar-query` REPORT).
    public func events() async throws(CalDAVError) -> [Resource] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:getetag/><c:calendar-data/></d:prop>
              <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>
            </c:calendar-query>
            """
        let (status, data) = try await send("REPORT", calendar, body: Array(body.utf8), headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"])
        guard status == 207 else { throw failure(calendar, status, data) }
        let root = try parse(data, calendar)
        var resources: [Resource] = []
        for response in root.children("response", namespace: "DAV:") {
            guard let href = response.child("href", namespace: "DAV:")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let url = URL(string: href, relativeTo: calendar)?.absoluteURL
            else { continue }
            for propstat in response.children("propstat", namespace: "DAV:") where Self.isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
                guard let data = propstat.descendants("calendar-data", namespace: Self.calDAV).first?.text else { continue }
                let tag = propstat.descendants("getetag", namespace: "DAV:").first?.text.trimmingCharacters(in: .whitespacesAndNewlines)
                resources.append(Resource(url: url, entityTag: tag, calendarData: data))
            }
        }
        return resources
    }

    /// One event resource, with its ETag (`GET`); `nil` when there is none at `url`.
    public func event(at url: URL) async throws(CalDAVError) -> Resource? {
        let (status, data, answer) = try await exchange("GET", url, body: [], headers: [:])
        if status == 404 || status == 410 { return nil }
        guard (200..<300).contains(status) else { throw failure(url, status, data) }
        return Resource(url: url, entityTag: answer?.value(forHTTPHeaderField: "ETag"), calendarData: String(decoding: data, as: UTF8.self))
    }

    /// Creates a resource that must not exist yet (`If-None-Match: *`); returns its ETag when the
    /// server gives one.
    public func create(_ name: String, _ text: [UInt8]) async throws(CalDAVError) -> String? {
        try await put(calendar.appendingPathComponent(name), text, precondition: ["If-None-Match": "*"])
    }

    /// Replaces a resource if it is still the version with `entityTag` (`If-Match`); returns its
    /// new ETag when the server gives one.
    public func replace(_ url: URL, _ text: [UInt8], entityTag: String?) async throws(CalDAVError) -> String? {
        try await put(url, text, precondition: entityTag.map { ["If-Match": $0] } ?? [:])
    }

    /// Deletes a resource if it is still the version with `entityTag`; one already gone is no error.
    public func delete(_ url: URL, entityTag: String?) async throws(CalDAVError) {
        let (status, data) = try await send("DELETE", url, headers: entityTag.map { ["If-Match": $0] } ?? [:])
        guard (200..<300).contains(status) || status == 404 else { throw failure(url, status, data) }
    }

    private func put(_ url: URL, _ text: [UInt8], precondition: [String: String]) async throws(CalDAVError) -> String? {
        var headers = precondition
        headers["Content-Type"] = "text/calendar; charset=utf-8"
        let (status, data, answer) = try await exchange("PUT", url, body: text, headers: headers)
        guard (200..<300).contains(status) else { throw failure(url, status, data) }
        return answer?.value(forHTTPHeaderField: "ETag")
    }

    // MARK: - HTTP

    static let calDAV = "urn:ietf:params:xml:ns:caldav"

    private func send(_ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:]) async throws(CalDAVError) -> (Int, [UInt8]) {
        let (status, data, _) = try await exchange(method, url, body: body, headers: headers)
        return (status, data)
    }

    private func exchange(_ method: String, _ url: URL, body: [UInt8], headers: [String: String]) async throws(CalDAVError) -> (Int, [UInt8], HTTPURLResponse?) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        if !body.isEmpty { request.httpBody = Data(body) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // Basic credentials go with every request, saving each one a round trip (and Radicale's
        // delay on unauthenticated requests); challenges are answered too, for Digest, and a
        // second challenge means the credentials were refused. (A 401 that no delegate answers
        // makes URLSession on Linux hang, past the request's timeout: seen with Radicale.)
        if let credentials {
            let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        do {
            let (data, response) = try await connection.session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw CalDAVError.unreadable(url: url.absoluteString, reason: "not an HTTP answer") }
            if http.statusCode == 401 || http.statusCode == 403 { throw CalDAVError.refused(url: url.absoluteString, status: http.statusCode) }
            return (http.statusCode, [UInt8](data), http)
        } catch let error as CalDAVError {
            throw error
        } catch {
            if connection.authentication.wasRefused { throw .refused(url: url.absoluteString, status: 401) }
            throw .unreachable(url: url.absoluteString, reason: error.localizedDescription)
        }
    }

    /// One session for all of a client's requests, so that they share connections (keep-alive).
    private final class Connection: Sendable {
        let session: URLSession
        let authentication: AuthenticationDelegate

        init(credentials: Credentials?) {
            authentication = AuthenticationDelegate(credentials: credentials)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.httpMaximumConnectionsPerHost = CalDAVClient.maximumConcurrentRequests
            session = URLSession(configuration: configuration, delegate: authentication, delegateQueue: nil)
        }

        deinit {
            session.finishTasksAndInvalidate()
        }
    }

    /// Answers authentication challenges with the credentials once, and gives up on a second.
    private final class AuthenticationDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        private let credentials: Credentials?
        private let lock = NSLock()
        private var refused = false

        init(credentials: Credentials?) {
            self.credentials = credentials
        }

        var wasRefused: Bool { lock.withLock { refused } }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let method = challenge.protectionSpace.authenticationMethod
            guard method == NSURLAuthenticationMethodHTTPBasic || method == NSURLAuthenticationMethodHTTPDigest
                || method == NSURLAuthenticationMethodDefault
            else {
                // Server trust and the like: the system's rules.
                completionHandler(.performDefaultHandling, nil)
                return
            }
            if let credentials, challenge.previousFailureCount == 0 {
                completionHandler(.useCredential, URLCredential(user: credentials.user, password: credentials.password, persistence: .forSession))
            } else {
                lock.withLock { refused = true }
                completionHandler(.cancelAuthenticationChallenge, nil)
            }
        }
    }

    private func parse(_ data: [UInt8], _ url: URL) throws(CalDAVError) -> XMLTree {
        do {
            return try XMLTree.parse(data)
        } catch {
            throw .unreadable(url: url.absoluteString, reason: error.description)
        }
    }

    private func failure(_ url: URL, _ status: Int, _ data: [UInt8]) -> CalDAVError {
        switch status {
        case 412: return .preconditionFailed(url: url.absoluteString)
        case 404: return .notFound(url: url.absoluteString)
        default:
            let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return .failed(url: url.absoluteString, status: status, reason: text)
        }
    }

    private static func isSuccess(_ status: String?) -> Bool {
        guard let status else { return true }
        return status.split(separator: " ").dropFirst().first.map { $0.hasPrefix("2") } ?? false
    }
}
