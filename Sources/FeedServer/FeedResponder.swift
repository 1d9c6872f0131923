import Basics
import Foundation
import HTTPTypes
import ReservationFeed

/// The feed's HTTP rules, as a plain function of a request and the feed being served: the
/// secret, routes, `GET`/`HEAD`, validators and 304, gzip, caching. The server around it only
/// carries bytes, so all of this is tested without a socket.
public struct FeedResponder: Sendable {
    /// The secret path segment.
    public var secret: FeedSecret
    /// The feed's file name in its URL (`trips.ics`).
    public var feedName: String
    /// The calendar's properties, for single-event downloads.
    public var calendar: CalendarProperties
    /// Whether the inbox lives under this secret: the feed's own does, another view's does not
    /// (its `inbox` is not found).
    public var hasInbox: Bool

    /// Creates a responder.
    public init(secret: FeedSecret, feedName: String, calendar: CalendarProperties, hasInbox: Bool = true) {
        self.secret = secret
        self.feedName = feedName
        self.calendar = calendar
        self.hasInbox = hasInbox
    }

    /// What a path names (see ``FeedRoute``).
    func route(_ request: FeedRequest) -> FeedRoute {
        let route = FeedRoute(path: request.path, secret: secret, feedName: feedName)
        return route == .inbox && !hasInbox ? .notFound : route
    }

    /// The answer to a request that reads (`GET`, `HEAD`, and any other method on what exists).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - feed: The version of the feed being served, or `nil` before the first one is made.
    ///   - host: The `Host` the request was sent to, for the preview page's subscribe link.
    ///   - now: The time, for the preview page's "upcoming".
    func respond(to request: FeedRequest, feed: ServedFeed?, host: String, now: Instant) -> FeedResponse {
        let route = route(request)
        let reads = request.reads
        switch route {
        case .notFound:
            return .notFound
        case .health:
            guard reads else { return .methodNotAllowed(allow: "GET, HEAD") }
            return FeedResponse(status: .ok, headerFields: [.cacheControl: "no-store"])
        case .inbox:
            return .methodNotAllowed(allow: "POST")
        case .event(let file):
            // What does not exist is not found, whatever the method.
            guard let feed, feed.events.contains(where: { EventFiles.fileName(for: $0.uid) == file }) else { return .notFound }
            guard reads else { return .methodNotAllowed(allow: "GET, HEAD") }
        case .preview, .feed:
            guard reads else { return .methodNotAllowed(allow: "GET, HEAD") }
        }
        guard let feed else {
            return .plain(.serviceUnavailable, "The feed is being made\n", [.retryAfter: "5"])
        }
        switch route {
        case .feed:
            return feedResponse(request, feed)
        case .preview:
            if !request.path.hasSuffix("/") {
                // Relative links need the slash; the secret is only told to those who sent it.
                return FeedResponse(status: .permanentRedirect, headerFields: [.location: secret.value + "/", .cacheControl: "no-store"])
            }
            let page = PreviewPage(
                calendarName: calendar.name ?? "Reservations", feedName: feedName,
                subscribeURL: "webcal://\(host)/\(secret.value)/\(feedName)", now: now)
            let body = Array(page.render(feed.events).utf8)
            return FeedResponse(
                status: .ok,
                headerFields: [
                    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                    .contentSecurityPolicy:
                        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                    .xContentTypeOptions: "nosniff", Self.referrerPolicy: "no-referrer",
                ],
                body: request.method == .head ? [] : body, contentLength: body.count)
        case .event(let file):
            guard let event = feed.events.first(where: { EventFiles.fileName(for: $0.uid) == file }),
                let document = try? EventFiles.document(of: event, calendar: calendar, stamp: Instant(feed.lastModified))
            else { return .notFound }
            return FeedResponse(
                status: .ok,
                headerFields: [
                    .contentType: "text/calendar; charset=utf-8", .contentDisposition: "attachment; filename=\"\(file)\"",
                    .cacheControl: "private, no-cache", .xContentTypeOptions: "nosniff",
                ],
                body: request.method == .head ? [] : document, contentLength: document.count)
        case .health, .inbox, .notFound:
            return .notFound
        }
    }

    /// The feed, or 304 when the client's copy is current.
    private func feedResponse(_ request: FeedRequest, _ feed: ServedFeed) -> FeedResponse {
        let gzip = Self.accepts(gzip: request.headerFields[.acceptEncoding]) && !feed.gzipped.isEmpty
        // One ETag per representation: the gzip form's differs, as RFC 9110 asks of strong tags.
        let tag = gzip ? feed.gzipEntityTag : feed.entityTag
        if Self.isCurrent(request, tags: [feed.entityTag, feed.gzipEntityTag], lastModified: feed.lastModified) {
            return FeedResponse(status: .notModified, headerFields: feed.validatorFields(tag: tag))
        }
        var fields: HTTPFields = [.contentType: "text/calendar; charset=utf-8"]
        fields.append(contentsOf: feed.validatorFields(tag: tag))
        if gzip { fields[.contentEncoding] = "gzip" }
        let body = gzip ? feed.gzipped : feed.bytes
        return FeedResponse(status: .ok, headerFields: fields, body: request.method == .head ? [] : body, contentLength: body.count)
    }

    /// Whether the client's copy is the current one: `If-None-Match` decides when sent (either
    /// representation's tag, or `*`: both hold the same feed), else `If-Modified-Since`.
    static func isCurrent(_ request: FeedRequest, tags: [String], lastModified: Date) -> Bool {
        if let ifNoneMatch = request.headerFields[.ifNoneMatch] {
            // What clients send back is the tag itself, mostly: no need to take it apart.
            if tags.contains(ifNoneMatch) { return true }
            return ifNoneMatch.split(separator: ",").contains { item in
                var candidate = item.drop { $0 == " " || $0 == "\t" }
                while candidate.last == " " || candidate.last == "\t" { candidate = candidate.dropLast() }
                // A weak comparison, as RFC 9110 §13.1.2 asks for If-None-Match.
                if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
                return candidate == "*" || tags.contains { $0 == candidate }
            }
        }
        if let since = request.headerFields[.ifModifiedSince].flatMap(HTTPDate.parse) {
            return lastModified <= since
        }
        return false
    }

    /// Whether `Accept-Encoding` accepts gzip (and does not refuse it with `q=0`).
    static func accepts(gzip header: String?) -> Bool {
        guard let header else { return false }
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { String($0).trimmingWhitespace().lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0 { return true }
        }
        return false
    }

    /// `Referrer-Policy`, which HTTPTypes does not name.
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
