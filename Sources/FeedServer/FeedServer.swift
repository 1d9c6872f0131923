import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ReservationFeed

/// `reservation-feed serve`: keeps a feed current and serves it the way subscribing calendars
/// expect, under a secret URL, with a preview page and an inbox for donations.
///
/// A thin layer: the feed is made by ``FeedKeeper`` with the library call `generate` makes, the
/// HTTP rules are ``FeedResponder``'s, donations are ``DonationDesk``'s; this type only carries
/// bytes between them and the network (Hummingbird, over SwiftNIO), and logs.
public struct FeedServer: Sendable {
    /// Everything the server needs to know.
    public struct Configuration: Sendable {
        /// The address to listen on; `127.0.0.1` unless asked otherwise.
        public var host: String = "127.0.0.1"
        /// The port; 0 picks a free one (the URL printed says which).
        public var port: Int = 8080
        /// The largest request body (donations), in bytes: the import limit on file size.
        public var maximumBodySize: Int = ImportLimits().fileSize
        /// How many connections at once; more wait in the listen queue.
        public var maximumConnections: Int = 512
        /// How long an idle connection stays open, in seconds.
        public var idleTimeout: Int64 = 30
        /// The largest request head, in bytes.
        public var maximumHeaderSize: Int = 16 * 1024
        /// Whether one line per request is logged.
        public var logRequests = true
        /// Creates a configuration.
        public init() {}
    }

    /// The configuration.
    public var configuration: Configuration
    /// The feed's keeper.
    public var keeper: FeedKeeper
    /// The HTTP rules.
    public var responder: FeedResponder
    /// The inbox.
    public var desk: DonationDesk
    /// Whether donations are taken; without an inbox folder the inbox does not exist (404).
    public var acceptsDonations: Bool
    /// Where log lines go.
    public var log: @Sendable (String) -> Void

    /// Creates a server.
    public init(
        configuration: Configuration, keeper: FeedKeeper, responder: FeedResponder, desk: DonationDesk, acceptsDonations: Bool = true,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.acceptsDonations = acceptsDonations
        self.configuration = configuration
        self.keeper = keeper
        self.responder = responder
        self.desk = desk
        self.log = log
    }

    /// Serves until SIGTERM or SIGINT, then finishes the requests in flight and returns.
    ///
    /// - Parameter onListening: Called with the port once the server listens.
    public func run(onListening: @escaping @Sendable (Int) -> Void) async throws {
        var logger = Logger(label: "reservation-feed")
        logger.logLevel = .warning
        let server = self
        var http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConditionalGetHandler(server: server)], idleTimeout: .seconds(configuration.idleTimeout))
        http.httpDecoder = .init(
            maxHeaderFieldSize: configuration.maximumHeaderSize, maxHeaderListSize: configuration.maximumHeaderSize,
            maxHeaderFieldCount: 100)
        let application = Application(
            responder: HTTPHandler(server: self),
            server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }

    /// The path as logs show it: the secret segment replaced by `…`.
    static func loggable(_ path: String) -> String {
        guard path != "/health", path.hasPrefix("/") else { return path }
        let rest = path.dropFirst().drop { $0 != "/" }
        return "/…" + rest
    }

    /// Logs one request: method, path without the secret, status, bytes, time.
    func logRequest(method: String, path: String, status: Int, bytes: Int, since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        log("\(method) \(Self.loggable(path)) \(status) \(bytes) B \(String(format: "%.1f", milliseconds)) ms")
    }

    /// Answers one request, as plain values (see ``FeedResponder``), donations included.
    func answer(_ request: FeedRequest, body: () async throws -> [UInt8], host: String) async -> FeedResponse {
        let now = keeper.now()
        let route = responder.route(request)
        if route == .inbox, !acceptsDonations { return .notFound }
        guard request.method == "POST", route == .inbox else {
            return responder.respond(to: request, feed: keeper.current, host: host, now: now)
        }
        let bytes: [UInt8]
        do {
            bytes = try await body()
        } catch {
            return FeedResponse(
                status: 413, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
                body: Array("The document is larger than \(ImportLimits.describe(bytes: configuration.maximumBodySize)) (--limit file-size)\n".utf8))
        }
        let receipt = await desk.receive(bytes, now: now)
        if receipt.stored {
            _ = await keeper.regenerate(reason: "donation")
        }
        return FeedResponse(status: receipt.status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: receipt.json)
    }

    /// Hummingbird's side: turns its requests into ``FeedRequest`` values and back.
    private struct HTTPHandler: HTTPResponder {
        typealias Context = BasicRequestContext
        let server: FeedServer

        /// The field names the responder uses, without parsing them at every request.
        static func fieldName(_ name: String) -> HTTPField.Name? {
            switch name {
            case "Content-Type": .contentType
            case "ETag": .eTag
            case "Last-Modified": .lastModified
            case "Cache-Control": .cacheControl
            case "Vary": .vary
            case "Content-Encoding": .contentEncoding
            default: HTTPField.Name(name)
            }
        }

        func respond(to request: Request, context: Context) async throws -> Response {
            let started = ContinuousClock.now
            let rawPath = request.head.path ?? "/"
            let path = String(rawPath.prefix { $0 != "?" })
            let feedRequest = FeedRequest(
                method: request.method.rawValue, path: path, ifNoneMatch: request.headers[.ifNoneMatch],
                ifModifiedSince: request.headers[.ifModifiedSince], acceptEncoding: request.headers[.acceptEncoding])
            let host = request.head.authority ?? "\(server.configuration.host):\(server.configuration.port)"
            let limit = server.configuration.maximumBodySize
            let declared = request.headers[.contentLength].flatMap(Int.init)
            var request = request
            let answer = await server.answer(
                feedRequest,
                body: {
                    // Refused by its declared size before a byte of it is read.
                    if let declared, declared > limit { throw HTTPError(.contentTooLarge) }
                    let buffer = try await request.collectBody(upTo: limit)
                    return Array(buffer.readableBytesView)
                }, host: host)
            var fields = HTTPFields()
            for header in answer.headers {
                if let name = Self.fieldName(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            fields[.contentLength] = String(answer.contentLength)
            let body = answer.body
            let response = Response(
                status: HTTPResponse.Status(code: answer.status),
                headers: fields,
                body: body.isEmpty ? ResponseBody(contentLength: answer.contentLength) { writer in try await writer.finish(nil) } : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
            if server.configuration.logRequests {
                server.logRequest(method: feedRequest.method, path: path, status: answer.status, bytes: body.count, since: started)
            }
            return response
        }
    }
}
