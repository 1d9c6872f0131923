import Foundation

/// A request as the feed's HTTP handling sees it: no socket, no server types, so that every
/// rule (the secret, validators, 304, gzip) is tested as plain values.
public struct FeedRequest: Sendable, Hashable {
    /// `GET`, `HEAD`, `POST`, …
    public var method: String
    /// The path as sent, without the query, not decoded.
    public var path: String
    /// `If-None-Match`.
    public var ifNoneMatch: String?
    /// `If-Modified-Since`.
    public var ifModifiedSince: String?
    /// `Accept-Encoding`.
    public var acceptEncoding: String?

    /// Creates a request.
    public init(method: String, path: String, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil, acceptEncoding: String? = nil) {
        self.method = method
        self.path = path
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.acceptEncoding = acceptEncoding
    }
}

/// A response as the feed's HTTP handling makes it.
public struct FeedResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [Header]
    /// The body (empty for `HEAD` and 304).
    public var body: [UInt8]
    /// `Content-Length`: the body's length, or for `HEAD` the length a `GET` would have.
    public var contentLength: Int

    /// A header field.
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// Creates a response; `contentLength` defaults to the body's.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], contentLength: Int? = nil) {
        self.status = status
        self.headers = headers.map { Header(name: $0.0, value: $0.1) }
        self.body = body
        self.contentLength = contentLength ?? body.count
    }

    /// The value of a header field, by name in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The answer to everything that does not exist, or that a wrong secret asks for: always the
    /// same, so that it tells nothing.
    public static let notFound = FeedResponse(
        status: 404, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")], body: Array("Not found\n".utf8))

    /// A method the resource does not take.
    static func methodNotAllowed(allow: String) -> FeedResponse {
        FeedResponse(
            status: 405, headers: [("Allow", allow), ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array("Method not allowed\n".utf8))
    }
}
