import HTTPTypes

/// A request as the feed's HTTP handling sees it: the method, the path and the header fields as
/// HTTPTypes has them, no socket and no server, so that every rule (the secret, validators,
/// 304, gzip) is tested as plain values.
struct FeedRequest: Sendable, Hashable {
    /// `GET`, `HEAD`, `POST`, …
    public var method: HTTPRequest.Method
    /// The path as sent, without the query, not decoded.
    public var path: String
    /// The header fields: `If-None-Match`, `If-Modified-Since` and `Accept-Encoding` are read.
    var headerFields: HTTPFields

    /// Creates a request.
    public init(method: HTTPRequest.Method, path: String, headerFields: HTTPFields = [:]) {
        self.method = method
        self.path = path
        self.headerFields = headerFields
    }

    /// Whether it only reads: `GET` or `HEAD`.
    var reads: Bool { method == .get || method == .head }
}

/// A response as the feed's HTTP handling makes it.
struct FeedResponse: Sendable, Hashable {
    /// The status.
    public var status: HTTPResponse.Status
    /// Header fields, in order (`Content-Length` is added from ``contentLength`` when sent).
    var headerFields: HTTPFields
    /// The body (empty for `HEAD` and 304).
    public var body: [UInt8]
    /// `Content-Length`: the body's length, or for `HEAD` the length a `GET` would have.
    var contentLength: Int

    /// Creates a response; `contentLength` defaults to the body's.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = [], contentLength: Int? = nil) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.contentLength = contentLength ?? body.count
    }

    /// A plain-text answer that no cache keeps: `Not found`, `Method not allowed`.
    static func plain(_ status: HTTPResponse.Status, _ text: String, _ more: HTTPFields = [:]) -> FeedResponse {
        var fields = more
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return FeedResponse(status: status, headerFields: fields, body: Array(text.utf8))
    }

    /// The answer to everything that does not exist, or that a wrong secret asks for: always the
    /// same, so that it tells nothing.
    public static let notFound = plain(.notFound, "Not found\n")

    /// A method the resource does not take.
    static func methodNotAllowed(allow: String) -> FeedResponse {
        plain(.methodNotAllowed, "Method not allowed\n", [.allow: allow])
    }
}
