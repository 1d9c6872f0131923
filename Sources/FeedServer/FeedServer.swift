import Basics
import Diagnostics
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
        /// How many connections at once; more wait in the listen queue. Held below the files the
        /// process may open (``run(onListening:)`` raises that limit to what the system allows
        /// first): a server out of descriptors could not answer, and spun on its listening socket.
        var maximumConnections: Int = 512
        /// How long an idle connection stays open, in seconds.
        public var idleTimeout: Int64 = 30
        /// How long a whole request (head and body) may take to arrive, in seconds, from the
        /// moment the connection is ready for it: a client that trickles bytes is closed then.
        public var requestTimeout: Int64 = 60
        /// How many donations the inbox takes in an hour; more are answered 429 until the hour
        /// has room again.
        public var donationsPerHour: Int = 60
        /// The largest request head, in bytes.
        var maximumHeaderSize: Int = 16 * 1024
        /// Whether one line per request is logged.
        public var logRequests = true
        /// How its answers and lines name settings (`serve` passes the command line's).
        public var wording = DiagnosticWording.library
        /// Creates a configuration.
        public init() {}
    }

    /// The configuration.
    public var configuration: Configuration
    /// The feed's keeper.
    public var keeper: FeedKeeper
    /// The HTTP rules.
    public var responder: FeedResponder
    /// The other views the keeper keeps (``FeedKeeper/views``), each under a secret of its own,
    /// with no inbox.
    public var viewResponders: [FeedView: FeedResponder]
    /// The inbox.
    public var desk: DonationDesk
    /// Whether donations are taken; without an inbox folder the inbox does not exist (404).
    public var acceptsDonations: Bool
    /// The token a donation must carry (`Authorization: Bearer TOKEN`): the feed's address alone
    /// does not open the inbox. `nil` takes none at all.
    public var inboxToken: FeedSecret?
    /// Where log lines go.
    public var log: @Sendable (String) -> Void
    /// When the donations of the last hour came.
    private let donationTimes = Locked<[ContinuousClock.Instant]>([])

    /// Creates a server.
    ///
    /// - Parameter viewResponders: The HTTP rules of each other view the keeper keeps, each with
    ///   a secret of its own.
    public init(
        configuration: Configuration, keeper: FeedKeeper, responder: FeedResponder, viewResponders: [FeedView: FeedResponder] = [:],
        desk: DonationDesk, acceptsDonations: Bool = true, inboxToken: FeedSecret?, log: @escaping @Sendable (String) -> Void
    ) {
        self.viewResponders = viewResponders
        self.acceptsDonations = acceptsDonations
        self.inboxToken = inboxToken
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
            additionalChannelHandlers: [RequestDeadlineHandler(seconds: server.configuration.requestTimeout), ConditionalGetHandler(server: server)],
            idleTimeout: .seconds(configuration.idleTimeout))
        http.httpDecoder = .init(
            maxHeaderFieldSize: configuration.maximumHeaderSize, maxHeaderListSize: configuration.maximumHeaderSize,
            maxHeaderFieldCount: 100)
        let application = Application(
            responder: HTTPHandler(server: self),
            server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(Self.connectionLimit(configuration.maximumConnections))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        do {
            try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError {
            throw FeedServerError.listen(SocketErrorWords.listening(error.errnoCode, port: configuration.port))
        }
    }

    /// The connections to take at once: `wanted`, held 64 below the descriptors the process may
    /// open, after raising its soft limit to the hard one (at most 65,536), as servers do.
    static func connectionLimit(_ wanted: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let files = RLIMIT_NOFILE
        #endif
        guard getrlimit(files, &limit) == 0 else { return wanted }
        let hard = min(limit.rlim_max, 65_536)  // RLIM_INFINITY is the largest value there is
        if limit.rlim_cur < hard {
            limit.rlim_cur = hard
            _ = setrlimit(files, &limit)
            _ = getrlimit(files, &limit)
        }
        return max(1, min(wanted, Int(limit.rlim_cur) - 64))
    }

    /// The path as logs show it: the secret segment (the first that is not empty, however many
    /// slashes come before it: `//SECRET/trips.ics`) replaced by `…`.
    static func loggable(_ path: String) -> String {
        guard path != "/health", path.hasPrefix("/") else { return path }
        let rest = path.drop { $0 == "/" }.drop { $0 != "/" }
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
        if route == .notFound {
            // Another view's secret, if any: each is compared whole, in time that does not depend
            // on the guess.
            for (view, other) in viewResponders where other.route(request) != .notFound {
                return other.respond(to: request, feed: keeper.current(view), host: host, now: now)
            }
        }
        guard request.method == .post, route == .inbox else {
            return responder.respond(to: request, feed: keeper.current, host: host, now: now)
        }
        // The token before a byte of the body is read: without it, nothing is read or kept.
        guard let inboxToken, inboxToken.authorizes(request.headerFields[.authorization]) else {
            return FeedResponse(
                status: .unauthorized,
                headerFields: [
                    .contentType: "application/json", .cacheControl: "no-store", .wwwAuthenticate: #"Bearer realm="reservation-feed inbox""#,
                    .connection: "close",
                ],
                body: Array(
                    (JSONReport.Value.object([("error", .text("the inbox takes a document only with its token (Authorization: Bearer TOKEN, the token kept beside the feed in FEED.inbox-token); nothing was kept"))]).text + "\n").utf8))
        }
        // Within the hour's allowance, before a byte of the body is read.
        if let wait = takeDonationTurn() {
            return FeedResponse(
                status: .tooManyRequests,
                headerFields: [.contentType: "application/json", .cacheControl: "no-store", .retryAfter: String(wait), .connection: "close"],
                body: Array(
                    (JSONReport.Value.object([
                        ("error", .text("the inbox took \(configuration.donationsPerHour) documents in the last hour (--donations-per-hour); nothing was kept, try again in \(wait) s"))
                    ]).text + "\n").utf8))
        }
        let bytes: [UInt8]
        do {
            bytes = try await body()
        } catch {
            return FeedResponse(
                status: .contentTooLarge, headerFields: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                body: Array(Self.tooLarge(configuration.maximumBodySize).text(configuration.wording).utf8))
        }
        let receipt = await desk.receive(bytes, now: now, feed: keeper.current?.bytes)
        if receipt.stored {
            _ = await keeper.regenerate(reason: .donation)
        }
        return FeedResponse(
            status: HTTPResponse.Status(code: receipt.status), headerFields: [.contentType: "application/json", .cacheControl: "no-store"],
            body: receipt.json)
    }

    /// Counts a donation against the hour's allowance: `nil` when there is room, else how many
    /// seconds until there is.
    private func takeDonationTurn() -> Int? {
        let now = ContinuousClock.now
        return donationTimes.withLock { times in
            times.removeAll { now - $0 >= .seconds(3600) }
            guard times.count >= configuration.donationsPerHour, let oldest = times.first else {
                times.append(now)
                return nil
            }
            let left = Duration.seconds(3600) - (now - oldest)
            return max(1, Int(left.components.seconds) + 1)
        }
    }

    /// Why a donation was refused by its size, naming the setting as the program does.
    static func tooLarge(_ limit: Int) -> DiagnosticMessage {
        "The document is larger than \(bytes: limit) (\(setting: Setting("donation-size"))); nothing was kept\n"
    }

    /// Hummingbird's side: turns its requests into ``FeedRequest`` values and back.
    private struct HTTPHandler: HTTPResponder {
        typealias Context = BasicRequestContext
        let server: FeedServer

        func respond(to request: Request, context: Context) async throws -> Response {
            let started = ContinuousClock.now
            let rawPath = request.head.path ?? "/"
            let path = String(rawPath.prefix { $0 != "?" })
            let feedRequest = FeedRequest(method: request.method, path: path, headerFields: request.headers)
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
            var fields = answer.headerFields
            fields[.contentLength] = String(answer.contentLength)
            let body = answer.body
            let response = Response(
                status: answer.status,
                headers: fields,
                body: body.isEmpty ? ResponseBody(contentLength: answer.contentLength) { writer in try await writer.finish(nil) } : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
            if server.configuration.logRequests {
                server.logRequest(method: feedRequest.method.rawValue, path: path, status: answer.status.code, bytes: body.count, since: started)
            }
            return response
        }
    }
}
