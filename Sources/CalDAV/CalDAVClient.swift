import Basics
import Foundation
import NIOCore
import XMLParsing

/// Speaks CalDAV (RFC 4791) to one calendar collection: lists its events, creates, replaces and
/// deletes them, each under a precondition so that nothing another client changed is overwritten
/// by accident.
///
/// HTTP through AsyncHTTPClient (SwiftNIO): HTTPS with the system's trust store, redirects
/// followed within the ``CredentialScope``, Basic authentication or bearer tokens, connections kept open and shared. WebDAV answers are read
/// with libxml2 (``XMLTree``). (Foundation's `URLSession` on Linux was tried first: it stops
/// the whole process when a server dies in the middle of an answer, swift-corelibs-foundation
/// issue 5285, and waits out its timeout on a 401 nobody answers.)
public struct CalDAVClient: Sendable {
    /// The calendar collection, ending in `/`.
    public let calendar: URL
    /// User name and password, a bearer token's source, or `nil` for none.
    public let credentials: Credentials?
    /// How long one request may take.
    public var timeout: TimeInterval = 30
    /// How long a listing of the calendar may take: a server reads every event for it, which for
    /// a large calendar it has not read yet takes a while (docs/performance.md, "A calendar of
    /// 20,000 events").
    public var listingTimeout: TimeInterval = 600
    /// How many requests a caller should have under way at once.
    public static let maximumConcurrentRequests = 4
    /// How the client names itself to servers.
    public var userAgent = "ReservationFeed"
    /// Told of each answer that asked to wait (429, or 503 with `Retry-After`) and was waited
    /// out before the request was made again, with the seconds waited.
    public var waitedForBusy: (@Sendable (_ seconds: Int) -> Void)?

    /// Where the credentials may go: the calendar's host and its domain, unless the address the
    /// person named (before discovery) is given.
    public var scope: CredentialScope

    /// Who the client is to the server.
    public enum Credentials: Sendable, Equatable {
        /// A user name and password, sent as Basic authentication.
        case password(user: String, password: String)
        /// Tokens from a sign-in the program keeps, sent as `Authorization: Bearer` (RFC 6750),
        /// for the account `user`.
        case bearer(user: String, source: any BearerTokenSource)

        /// A user name and password.
        public init(user: String, password: String) {
            self = .password(user: user, password: password)
        }

        /// Passwords are equal when they are the same; token sources when they are the same
        /// object (an actor, a class) for the same user.
        public static func == (a: Credentials, b: Credentials) -> Bool {
            switch (a, b) {
            case (.password(let user, let password), .password(let otherUser, let otherPassword)): user == otherUser && password == otherPassword
            case (.bearer(let user, let source), .bearer(let otherUser, let otherSource)):
                user == otherUser && type(of: source) is AnyClass && (source as AnyObject) === (otherSource as AnyObject)
            default: false
            }
        }

        /// The account's user name.
        public var user: String {
            switch self {
            case .password(let user, _), .bearer(let user, _): user
            }
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
        let (answer, gathered) = try await stream("REPORT", body, depth: "1", into: Gathered())
        if let gathered { return gathered.listing }
        if Self.isTooLarge(answer.status) {
            let (urls, outside, kept) = try await memberURLs()
            // The members' addresses are held while their texts come: one listing's memory.
            var gathered = Gathered()
            gathered.limits = ListingLimits(alreadyKept: kept)
            var listing = try await multiget(urls, gathered: gathered)
            listing.outside = outside + listing.outside
            return listing
        }
        throw failure(calendar, answer.status, answer.body)
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

    /// The URLs of the calendar's members that are not collections (`PROPFIND`, depth 1), the
    /// hrefs of the answer outside the calendar, and the bytes kept of them (``ListingLimits``).
    private func memberURLs() async throws(CalDAVError) -> (urls: [URL], outside: [String], kept: Int) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>
            """
        struct Members: Sendable {
            var urls: [URL] = []
            var outside: [String] = []
            var limits = ListingLimits()
        }
        let (calendar, members) = (self.calendar, self.members)
        let (answer, found) = try await stream("PROPFIND", body, depth: "1", into: Members()) { found, response throws(CalDAVError) in
            guard let (href, url, properties) = CalDAVTransport.properties(ofResponse: response, at: calendar) else { return }
            if url.path == calendar.path || properties.contains(where: { $0.name == "resourcetype" && $0.child("collection", namespace: "DAV:") != nil }) {
                return
            }
            try found.limits.count(href.utf8.count, at: calendar)
            if let member = members.member(url) { found.urls.append(member) } else { found.outside.append(href) }
        }
        guard let found else { throw failure(calendar, answer.status, answer.body) }
        return (found.urls, found.outside, found.limits.kept)
    }

    /// Whether a report was refused for its size: 400 (Radicale's limit of 10,000), 413, or 507
    /// (RFC 6578 §3.6).
    static func isTooLarge(_ status: Int) -> Bool {
        [400, 413, 507].contains(status)
    }

    /// Reads a listing's answer (the `multistatus` of a `calendar-query` or `calendar-multiget`
    /// REPORT) as ``list()`` does, from the pieces it arrived in: the resources inside `calendar`
    /// with their texts, the hrefs outside it, within the limits of one listing. For a recorded
    /// answer, and for the fuzz package.
    ///
    /// - Throws: ``CalDAVError/unreadable(url:reason:)`` when it is not a well-formed
    ///   multistatus, ``CalDAVError/tooLarge(url:reason:)`` past the limits.
    public static func listing(of calendar: URL, readingMultistatus pieces: [[UInt8]]) throws(CalDAVError) -> Listing {
        let members = CollectionMembers(of: calendar)
        var reader = MultistatusReader(url: members.collection, output: Gathered()) { gathered, response throws(CalDAVError) in
            try gathered.take(response, of: members)
        }
        for piece in pieces {
            try reader.read(ByteBuffer(bytes: piece))
        }
        return try reader.finish().listing
    }

    /// A listing as it is gathered from the answers of one or more requests, within its limits.
    private struct Gathered: Sendable {
        var listing = Listing()
        var limits = ListingLimits()

        /// Takes one `response` of a multistatus answer: the texts it carries of resources inside
        /// the calendar, or its href when outside.
        mutating func take(_ response: XMLTree, of members: CollectionMembers) throws(CalDAVError) {
            guard response.name == "response", response.namespace == "DAV:",
                let href = response.child("href", namespace: "DAV:")?.text.trimmingWhitespace()
            else { return }
            guard let url = members.member(href) else {
                try limits.count(href.utf8.count, at: members.collection)
                listing.outside.append(href)
                return
            }
            for propstat in response.children("propstat", namespace: "DAV:") where CalDAVClient.isSuccess(propstat.child("status", namespace: "DAV:")?.text) {
                guard let data = propstat.descendants("calendar-data", namespace: CalDAVClient.calDAV).first?.text else { continue }
                let tag = propstat.descendants("getetag", namespace: "DAV:").first?.text.trimmingWhitespace()
                try limits.count(data.utf8.count + href.utf8.count + (tag?.utf8.count ?? 0), at: members.collection)
                listing.resources.append(Resource(url: url, entityTag: tag, calendarData: data))
            }
        }
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
        /// The answer as it is read: its token, and its responses.
        struct Read: Sendable {
            var token: String?
            var changes = Changes(token: "", changed: [], removed: [])
            var missing: [URL] = []
            var limits = ListingLimits()
        }
        let (calendar, members) = (self.calendar, self.members)
        let (answer, read) = try await stream("REPORT", body, depth: nil, into: Read()) { read, child throws(CalDAVError) in
            if child.name == "sync-token", child.namespace == "DAV:" {
                read.token = child.text.trimmingWhitespace()
                return
            }
            guard child.name == "response", child.namespace == "DAV:", let href = child.child("href", namespace: "DAV:")?.text.trimmingWhitespace() else {
                return
            }
            guard let url = members.member(href) else {
                if URL(string: href, relativeTo: calendar)?.absoluteURL.path != calendar.path {
                    try read.limits.count(href.utf8.count, at: calendar)
                    read.changes.outside.append(href)
                }
                return
            }
            // A removed member is a response whose own status is 404.
            if let status = child.child("status", namespace: "DAV:")?.text, status.contains(" 404") {
                try read.limits.count(href.utf8.count, at: calendar)
                read.changes.removed.append(url)
                return
            }
            let found = child.children("propstat", namespace: "DAV:").filter { Self.isSuccess($0.child("status", namespace: "DAV:")?.text) }
            let tag = found.lazy.compactMap { $0.descendants("getetag", namespace: "DAV:").first?.text.trimmingWhitespace() }.first
            if let data = found.lazy.compactMap({ $0.descendants("calendar-data", namespace: Self.calDAV).first?.text }).first, !data.isEmpty {
                try read.limits.count(data.utf8.count + href.utf8.count + (tag?.utf8.count ?? 0), at: calendar)
                read.changes.changed.append(Resource(url: url, entityTag: tag, calendarData: data))
            } else {
                try read.limits.count(href.utf8.count, at: calendar)
                read.missing.append(url)
            }
        }
        guard let read else {
            let text = String(decoding: answer.body.prefix(4096), as: UTF8.self)
            // RFC 6578 says 403 with `valid-sync-token`; some answer 409, and Xandikos 412.
            if (answer.status == 403 || answer.status == 409) && text.contains("valid-sync-token") || (answer.status == 412 && token != nil) {
                throw .syncTokenRefused(url: calendar.absoluteString)
            }
            if [400, 403, 405, 413, 415, 501, 507].contains(answer.status) { return nil }
            throw failure(calendar, answer.status, answer.body)
        }
        guard let next = read.token, !next.isEmpty else { return nil }
        var changes = read.changes
        changes.token = next
        if !read.missing.isEmpty {
            var gathered = Gathered()
            gathered.limits = read.limits
            let listing = try await multiget(read.missing, gathered: gathered)
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

    /// The resources at `urls` inside the calendar, and what the answers named outside it, within
    /// the limits of a listing of which `gathered` was read already.
    private func multiget(_ urls: [URL], gathered: Gathered = Gathered()) async throws(CalDAVError) -> Listing {
        var gathered = gathered
        let urls = urls.filter(members.contains)
        for start in stride(from: 0, to: urls.count, by: 500) {
            let hrefs = urls[start..<min(urls.count, start + 500)].map { "<d:href>\(CalDAVTransport.xmlEscaped($0.path))</d:href>" }.joined()
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                  <d:prop><d:getetag/><c:calendar-data/></d:prop>\(hrefs)
                </c:calendar-multiget>
                """
            let (answer, read) = try await stream("REPORT", body, depth: "1", into: gathered)
            guard let read else { throw failure(calendar, answer.status, answer.body) }
            gathered = read
        }
        return gathered.listing
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
        var transport = CalDAVTransport(credentials: credentials, scope: scope, timeout: timeout, userAgent: userAgent)
        transport.waitedForBusy = waitedForBusy
        return transport
    }

    /// The transport for listings, with their longer time.
    private var listing: CalDAVTransport {
        var transport = CalDAVTransport(credentials: credentials, scope: scope, timeout: listingTimeout, userAgent: userAgent)
        transport.waitedForBusy = waitedForBusy
        return transport
    }

    private func send(_ method: String, _ url: URL, body: [UInt8] = [], headers: [String: String] = [:]) async throws(CalDAVError) -> (Int, [UInt8]) {
        let answer = try await transport.exchange(method, url, body: body, headers: headers)
        return (answer.status, answer.body)
    }

    /// A listing request to the calendar (`PROPFIND` or `REPORT`), with the listing's time, whose
    /// `207` answer is read as it arrives: `take` has each child of its root, starting from
    /// `output`. Any other status gives its answer, read whole, and no output.
    private func stream<Output: Sendable>(
        _ method: String, _ body: String, depth: String?, into output: Output,
        take: @escaping @Sendable (inout Output, XMLTree) throws(CalDAVError) -> Void
    ) async throws(CalDAVError) -> (answer: CalDAVTransport.Answer, output: Output?) {
        var headers = ["Content-Type": "application/xml; charset=utf-8"]
        if let depth { headers["Depth"] = depth }
        let calendar = self.calendar
        return try await listing.exchange(method, calendar, body: Array(body.utf8), headers: headers, reading: 207, limit: ListingLimits.answerBytes) {
            MultistatusReader(url: calendar, output: output, take: take)
        }
    }

    /// A listing request whose responses are gathered into a ``Listing``.
    private func stream(_ method: String, _ body: String, depth: String?, into gathered: Gathered) async throws(CalDAVError) -> (
        answer: CalDAVTransport.Answer, output: Gathered?
    ) {
        let members = self.members
        return try await stream(method, body, depth: depth, into: gathered) { gathered, response throws(CalDAVError) in
            try gathered.take(response, of: members)
        }
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
