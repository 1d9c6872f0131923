import NIOCore
import NIOHTTPTypes

/// Holds every request on a connection to a deadline: the whole request, head and body, must
/// have arrived within ``FeedServer/Configuration/requestTimeout`` of the moment the connection
/// was ready for it (its start, or the end of the answer before: the time an answer takes to
/// make or to send, a large feed to a slow phone, is not counted). A client that sends a byte
/// now and then keeps the idle timer from ever firing; this one fires anyway, and the connection
/// is closed. Without it, some five hundred connections trickling a body to a wrong address, at
/// a byte every 15 s, held every connection the server takes and locked subscribers out.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(seconds: Int64) {
        timeout = .seconds(seconds)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A request is whole: its answer takes the time it takes.
        if case .end = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // The answer is sent: the next request's time starts once it is out.
        let written = promise ?? context.eventLoop.makePromise()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let (channel, eventLoop) = (context.channel, context.eventLoop)
        written.futureResult.whenComplete { _ in
            guard channel.isActive else { return }
            handler.value.arm(eventLoop, channel)
        }
        context.write(data, promise: written)
    }

    private func arm(_ context: ChannelHandlerContext) {
        arm(context.eventLoop, context.channel)
    }

    private func arm(_ eventLoop: any EventLoop, _ channel: any Channel) {
        deadline?.cancel()
        deadline = eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
    }
}
