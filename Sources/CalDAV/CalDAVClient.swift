import Basics
import Foundation
import XMLParsing

/// Speaks CalDAV (RFC 4791) to one calendar collection: lists its events, creates, replaces and
/// deletes them, each under a precondition so that nothing another client changed is overwritten
/// by accident.
///
/// HTTP through AsyncHTTPClient (SwiftNIO): HTTPS with the system's trust store, redirects
/// followed within the ``CredentialScope``, Basic authentication, connections kept open and shared. WebDAV answers are read
/// with libxml2 (``XMLTree``). (Foundation's `URLSession` on Linux was tried first: it stops
/// the whole process when a server dies in the middle of an answer, swift-corelibs-foundation
/// issue 5285, and waits out its timeout on a 401 nobody answers.)
public struct CalDAVClient: Sendable {
    /// The calendar collection, ending in `/`.
    public let calendar: URL
    /// User name and password, or `nil` for none.
    public let credentials: Credentials?
    /// How long one request may take.
    public var timeout: TimeInterval = 30
    /// How long a listing of the calendar may take: a server reads every event for it (Radicale
    /// takes over 30 s for 20,000 it has not read yet).
    public var listingTimeout: TimeInterval = 600
    /// How many requests a caller should have under way at once.
    public static let maximumConcurrentRequests = 4
    /// How the client names itself to servers.
    public var userAgent = "ReservationFeed"

    /// Where the credentials may go: the calendar's host and its domain, unless the address the
    /// person named (before discovery) is given.
    public var scope: CredentialScope

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

        public init(url: URL, entityTag: String?, calendarData: String) {
            self.url = url
            self.entityTag = entityTag
            self.calendarData = calendarData
        }
    }

    /// Creates a client for the calendar at `calendar` (a trailing `/` is added when missing).
    public init(calendar: URL, credentials: Credentials?, scope: CredentialScope? = nil) {
        self.calendar = calendar.absoluteString.hasSuffix("/") ? calendar : calendar.appendingPathComponent("")
        self.credentials = credentials
        self.scope = scope ?? CredentialScope(named: calendar)
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

    /// What a listing of the calendar gave: its member resources, and the addresses it named that
    /// are not inside the calendar (``CollectionMembers``), which are left alone and should be
    /// reported.
    public struct Listing: Sendable, Hashable {
        /// The event resources inside the calendar.
        public var resources: [Resource]
        /// The hrefs the answer named outside the calendar, as the server wrote them.
        public var outside: [String]

        public init(resources: [Resource] = [], outside: [String] = []) {
            self.resources = resources
            self.outside = outside
        }
    }

    /// Which addresses are inside the calendar: nothing outside it is ever read as one of its
    /// events, written or deleted.
    public var members: CollectionMembers { CollectionMembers(of: calendar) }

    /// Every event resource of the calendar, with its ETag and text: ``list()``'s resources.
    public func events() async throws(CalDAVError) -> [Resource] {
        try await list().resources
    }

    /// Every event resource of the calendar, with its ETag and text (a `calendar-query` REPORT),
    /// and the addresses the answer named outside the calendar.
    ///
    /// A server that will not answer so many in one report (Radicale stops at 10,000, with 400;
    /// RFC 6578 servers may say 507) is asked for the members' names (`PROPFIND`, depth 1) and
    /// then their texts, 500 at a time (``events(at:)``).
    public func list() async throws(CalDAVError) -> Listing {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:getetag/><c:calendar-data/></d:prop>
              <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>
            </c:calendar-query>
            """
        let (status, data) = try await send("REPORT", calendar, body: Array(body.utf8), headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], listing: true)
        if Self.isTooLarge(status) {
            let (urls, outside) = try await memberURLs()
            var listing = try await multiget(urls)
            listing.outside = outside + listing.outside
            return listing
        }
        guard status == 207 else { throw failure(calendar, status, data) }
        return Self.resources(in: try parse(data, calendar), of: members)
    }

    /// The calendar's sync token (the `DAV:sync-token` property, RFC 6578 §4), or `nil` when the
    /// server keeps none.
    public func syncToken() async throws(CalDAVError) -> String? {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>
            """
        let (status, data) = try await send("PROPFIND", calendar, body: Array(body.utf8), headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"])
        guard status == 207 else { return nil }
        let root = try parse(data, calendar)
        for response in root.children("response", namespace: "DAV:") {
            for propstat in response.children("propstat", namespace: "DAV:") where Self.isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
                if let token = propstat.descendants("sync-token", namespace: "DAV:").first?.text.trimmingWhitespace(), !token.isEmpty { return token }
            }
        }
        return nil
    }

    /// The URLs of the calendar's members that are not collections (`PROPFIND`, depth 1), and the
    /// hrefs of the answer outside the calendar.
    private func memberURLs() async throws(CalDAVError) -> (urls: [URL], outside: [String]) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>
            """
        let (status, data) = try await send("PROPFIND", calendar, body: Array(body.utf8), headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], listing: true)
        guard status == 207 else { throw failure(calendar, status, data) }
        let members = self.members
        var urls: [URL] = []
        var outside: [String] = []
        for (href, url, properties) in CalDAVTransport.properties(of: try parse(data, calendar), at: calendar) {
            if url.path == calendar.path || properties.contains(where: { $0.name == "resourcetype" && $0.child("collection", namespace: "DAV:") != nil }) {
                continue
            }
            if let member = members.member(url) { urls.append(member) } else { outside.append(href) }
        }
        return (urls, outside)
    }

    /// Whether a report was refused for its size: 400 (Radicale's limit of 10,000), 413, or 507
    /// (RFC 6578 §3.6).
    static func isTooLarge(_ status: Int) -> Bool {
        [400, 413, 507].contains(status)
    }

    /// The resources a multistatus answer carries texts of, inside the calendar, and the hrefs it
    /// names outside.
    private static func resources(in root: XMLTree, of members: CollectionMembers) -> Listing {
        var listing = Listing()
        for response in root.children("response", namespace: "DAV:") {
            guard let href = response.child("href", namespace: "DAV:")?.text.trimmingWhitespace() else { continue }
            guard let url = members.member(href) else {
                listing.outside.append(href)
                continue
            }
            for propstat in response.children("propstat", namespace: "DAV:") where Self.isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
                guard let data = propstat.descendants("calendar-data", namespace: Self.calDAV).first?.text else { continue }
                let tag = propstat.descendants("getetag", namespace: "DAV:").first?.text.trimmingWhitespace()
                listing.resources.append(Resource(url: url, entityTag: tag, calendarData: data))
            }
        }
        return listing
    }

    /// What changed in the calendar since a sync token (`sync-collection`, RFC 6578).
    public struct Changes: Sendable, Hashable {
        /// The token to ask with next time.
        public var token: String
        /// Resources added or changed, with their ETags and texts.
        public var changed: [Resource]
        /// Resources removed.
        public var removed: [URL]
        /// The hrefs the answer named outside the calendar, left alone.
        public var outside: [String]

        public init(token: String, changed: [Resource], removed: [URL], outside: [String] = []) {
            self.token = token
            self.changed = changed
            self.removed = removed
            self.outside = outside
        }
    }

    /// The resources changed and removed since `token` (every resource when `nil`), or `nil`
    /// when the server offers no `sync-collection` on this calendar.
    ///
    /// Texts a server leaves out of the answer are fetched with `calendar-multiget`.
    ///
    /// - Throws: ``CalDAVError/syncTokenRefused(url:)`` when the server no longer knows the
    ///   token (start again without one), and the other errors as ``events()``.
    public func changes(since token: String?) async throws(CalDAVError) -> Changes? {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:sync-token>\(CalDAVTransport.xmlEscaped(token ?? ""))</d:sync-token><d:sync-level>1</d:sync-level>
              <d:prop><d:getetag/><c:calendar-data/></d:prop>
            </d:sync-collection>
            """
        let (status, data) = try await send("REPORT", calendar, body: Array(body.utf8), headers: ["Content-Type": "application/xml; charset=utf-8"], listing: true)
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        // RFC 6578 says 403 with `valid-sync-token`; some answer 409, and Xandikos 412.
        if (status == 403 || status == 409) && text.contains("valid-sync-token") || (status == 412 && token != nil) {
            throw .syncTokenRefused(url: calendar.absoluteString)
        }
        if [400, 403, 405, 413, 415, 501, 507].contains(status) { return nil }
        guard status == 207 else { throw failure(calendar, status, data) }
        let root = try parse(data, calendar)
        guard let next = root.child("sync-token", namespace: "DAV:")?.text.trimmingWhitespace(), !next.isEmpty else { return nil }
        var changes = Changes(token: next, changed: [], removed: [])
        var missing: [URL] = []
        let members = self.members
        for response in root.children("response", namespace: "DAV:") {
            guard let href = response.child("href", namespace: "DAV:")?.text.trimmingWhitespace() else { continue }
            guard let url = members.member(href) else {
                if URL(string: href, relativeTo: calendar)?.absoluteURL.path != calendar.path { changes.outside.append(href) }
                continue
            }
            // A removed member is a response whose own status is 404.
            if let status = response.child("status", namespace: "DAV:")?.text, status.contains(" 404") {
                changes.removed.append(url)
                continue
            }
            let found = response.children("propstat", namespace: "DAV:").filter { Self.isSuccess($0.child("status", namespace: "DAV:")?.text) }
            let tag = found.lazy.compactMap { $0.descendants("getetag", namespace: "DAV:").first?.text.trimmingWhitespace() }.first
            if let data = found.lazy.compactMap({ $0.descendants("calendar-data", namespace: Self.calDAV).first?.text }).first, !data.isEmpty {
                changes.changed.append(Resource(url: url, entityTag: tag, calendarData: data))
            } else {
                missing.append(url)
            }
        }
        if !missing.isEmpty {
            let listing = try await multiget(missing)
            changes.changed += listing.resources
            changes.outside += listing.outside
        }
        return changes
    }

    /// The resources at `urls`, with their ETags and texts (`calendar-multiget`, 500 a request);
    /// only those inside the calendar.
    public func events(at urls: [URL]) async throws(CalDAVError) -> [Resource] {
        try await multiget(urls).resources
    }

    /// The resources at `urls` inside the calendar, and what the answers named outside it.
    private func multiget(_ urls: [URL]) async throws(CalDAVError) -> Listing {
        var listing = Listing()
        let urls = urls.filter(members.contains)
        for start in stride(from: 0, to: urls.count, by: 500) {
            let hrefs = urls[start..<min(urls.count, start + 500)].map { "<d:href>\(CalDAVTransport.xmlEscaped($0.path))</d:href>" }.joined()
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                  <d:prop><d:getetag/><c:calendar-data/></d:prop>\(hrefs)
                </c:calendar-multiget>
                """
            let (status, data) = try await send("REPORT", calendar, body: Array(body.utf8), headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], listing: true)
            guard status == 207 else { throw failure(calendar, status, data) }
            let found = Self.resources(in: try parse(data, calendar), of: members)
            listing.resources += found.resources
            listing.outside += found.outside
        }
        return listing
    }

    /// One event resource, with its ETag (`GET`); `nil` when there is none at `url`.
    public func event(at url: URL) async throws(CalDAVError) -> Resource? {
        let (status, data, entityTag) = try await exchange("GET", url, body: [], headers: [:])
        if status == 404 || status == 410 { return nil }
        guard (200..<300).contains(status) else { throw failure(url, status, data) }
        return Resource(url: url, entityTag: entityTag, calendarData: String(decoding: data, as: UTF8.self))
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
        let (status, data, entityTag) = try await exchange("PUT", url, body: text, headers: headers)
        guard (200..<300).contains(status) else { throw failure(url, status, data) }
        return entityTag
    }

    // MARK: - HTTP

    static let calDAV = CalDAVTransport.calDAV

    private var transport: CalDAVTransport {
        CalDAVTransport(credentials: credentials, scope: scope, timeout: timeout, userAgent: userAgent)
    }

    /// The transport for listings, with their longer time.
    private var listing: CalDAVTransport {
        var transport = CalDAVTransport(credentials: credentials, scope: scope, timeout: listingTimeout, userAgent: userAgent)
        transport.answerLimit = CalDAVTransport.largestAnswer
        return transport
    }

    private func send(_ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:], listing: Bool = false) async throws(CalDAVError) -> (Int, [UInt8]) {
        let answer = try await (listing ? self.listing : transport).exchange(method, url, body: body, headers: headers)
        return (answer.status, answer.body)
    }

    private func exchange(_ method: String, _ url: URL, body: [UInt8], headers: [String: String]) async throws(CalDAVError) -> (Int, [UInt8], String?) {
        let answer = try await transport.exchange(method, url, body: body, headers: headers)
        return (answer.status, answer.body, answer.entityTag)
    }

    private func parse(_ data: [UInt8], _ url: URL) throws(CalDAVError) -> XMLTree {
        try CalDAVTransport.parse(data, url)
    }

    private func failure(_ url: URL, _ status: Int, _ data: [UInt8]) -> CalDAVError {
        CalDAVTransport.failure(url, status, data)
    }

    private static func isSuccess(_ status: String?) -> Bool {
        CalDAVTransport.isSuccess(status)
    }
}
