import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import ReservationFeed

/// Answers the most common request a served feed gets, a subscriber's conditional `GET` of an
/// unchanged feed, on the connection's event loop, before it becomes a request for Hummingbird:
/// a 304 then costs no task and no round of Swift values (measured against nginx in
/// docs/performance.md, "serve").
///
/// It answers only when the answer is certain and ordered: a `GET` or `HEAD` of the feed's own
/// path (the secret compared in constant time), whose `If-None-Match` names the
/// current version exactly, with no request of this connection still being answered behind it
/// and no `Connection` header. Everything else goes on to ``FeedResponder`` through Hummingbird,
/// which answers the same way (the tests run both paths). Requests answered here are not seen by
/// Hummingbird's idle timer: a connection that only revalidates is closed after the idle time,
/// as an idle one is, and its client connects again.
final class ConditionalGetHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let server: FeedServer
    /// Requests passed on whose answers have not been written completely.
    private var outstanding = 0
    /// The request being answered here, whose body and end are swallowed; its answer is written at its end.
    private var answering: (response: HTTPResponse, method: String, path: String, started: ContinuousClock.Instant)?

    init(server: FeedServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let request):
            if outstanding == 0, answering == nil, let response = notModified(request) {
                answering = (response, request.method.rawValue, request.path ?? "/", ContinuousClock.now)
                return
            }
            outstanding += 1
            context.fireChannelRead(data)
        case .body:
            if answering == nil { context.fireChannelRead(data) }
        case .end:
            guard let (response, method, path, started) = answering else {
                context.fireChannelRead(data)
                return
            }
            answering = nil
            context.write(wrapOutboundOut(.head(response)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            if server.configuration.logRequests {
                server.logRequest(method: method, path: path, status: 304, bytes: 0, since: started)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { outstanding -= 1 }
        context.write(data, promise: promise)
    }

    /// The 304 for this request, when it is certainly one.
    private func notModified(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .get || request.method == .head, let tag = request.headerFields[.ifNoneMatch],
            request.headerFields[.connection] == nil, let path = request.path, let view = feedView(path),
            let feed = view.flatMap({ server.keeper.current($0) }) ?? (view == nil ? server.keeper.current : nil),
            tag == feed.entityTag || tag == feed.gzipEntityTag
        else { return nil }
        // Made once per version and second (the Date header), then copied.
        let now = time(nil)
        let index = view.flatMap { FeedView.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        if cached[index]?.feed !== feed || cached[index]?.second != now {
            let date = HTTPDate.format(Date(timeIntervalSince1970: TimeInterval(now)))
            cached[index] = (feed, now, response(feed, tag: feed.entityTag, date: date), response(feed, tag: feed.gzipEntityTag, date: date))
        }
        // The tag the client holds is the representation it accepts.
        return tag == feed.entityTag ? cached[index]?.identity : cached[index]?.gzip
    }

    /// The 304s of the current version in the current second: the feed's first, then each view's.
    private var cached: [(feed: ServedFeed, second: time_t, identity: HTTPResponse, gzip: HTTPResponse)?] = Array(
        repeating: nil, count: FeedView.allCases.count + 1)

    private func response(_ feed: ServedFeed, tag: String, date: String) -> HTTPResponse {
        var fields: HTTPFields = [.date: date]
        fields.append(contentsOf: feed.validatorFields(tag: tag))
        return HTTPResponse(status: .notModified, headerFields: fields)
    }

    /// Which feed `path` is: `.some(nil)` for the feed's own `/<secret>/<feed>`, `.some(view)`
    /// for another view's, `nil` for neither; compared in time that does not depend on where a
    /// guess differs.
    private func feedView(_ path: String) -> FeedView?? {
        if FeedSecret.constantTimeEqual(path.utf8, feedPath) { return .some(nil) }
        for (view, viewPath) in viewPaths where FeedSecret.constantTimeEqual(path.utf8, viewPath) { return .some(view) }
        return nil
    }

    private lazy var feedPath: [UInt8] = Array("/\(server.responder.secret.value)/\(server.responder.feedName)".utf8)
    private lazy var viewPaths: [(FeedView, [UInt8])] = server.viewResponders.map { view, responder in
        (view, Array("/\(responder.secret.value)/\(responder.feedName)".utf8))
    }
}
