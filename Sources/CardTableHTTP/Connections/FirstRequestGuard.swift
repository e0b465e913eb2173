import Logging
import NIOCore
import NIOHTTP1

/// Guards a connection until its first request head is decoded: answers a head the decoder cannot
/// read, and closes a connection whose head is late or that is still waiting for one when the
/// server shuts down.
///
/// A server that can upgrade to WebSocket decodes a connection's first request head before it
/// adds ``ConnectionDeadlineHandler`` and the handlers that answer parse errors and close idle
/// connections at shutdown (only a request that is not an upgrade gets the HTTP pipeline), and
/// its upgrade handler ignores a decoding error: without this handler such a connection would be
/// neither answered nor closed. It sits just after the HTTP decoder, counts from the connection
/// opening (bytes trickling in never move the deadline; only a decoded head stops it), and removes
/// itself as the first head goes by.
final class FirstRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundOut = HTTPServerResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?
    /// Whether the guard is closing the connection (what arrives after is dropped).
    private var isClosing = false

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        context.fireChannelRead(data)
        if case .head = unwrapInboundIn(data) {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NB: only a request that could not be read is answered; a broken connection is closed.
        guard error is HTTPParserError else { return close(context) }
        guard !isClosing else { return }
        isClosing = true
        timer?.cancel()
        let answer = MalformedRequest(error)
        logger.debug(
            "Answering a malformed first request and closing the connection",
            metadata: ["status": "\(answer.status.code)", "error": "\(error)"])
        var body = context.channel.allocator.buffer(capacity: answer.body.utf8.count)
        body.writeString(answer.body)
        context.write(wrapOutboundOut(.head(answer.head(bodyLength: body.readableBytes))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            Self.stopReading(channel)
        }
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // NB: a connection still waiting for its first request has nobody else to close it.
            close(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            self.logger.debug("Closing a connection whose first request head is late")
            self.close(context)
        }
    }

    /// Closes the connection without a word (a late head, or the server shutting down).
    private func close(_ context: ChannelHandlerContext) {
        guard !isClosing else { return }
        isClosing = true
        timer?.cancel()
        Self.stopReading(context.channel)
    }

    /// Closes `channel` by closing its input: the upgrade handler behind this one then closes the
    /// connection and ends its wait for the first request quietly. (Closing the whole channel
    /// would fail that wait with an error the server logs at error level, once per connection.)
    /// A connection the server shuts down before it is active (accepted, not yet registered for
    /// reading) is closed whole: it has no input to close yet.
    private static func stopReading(_ channel: any Channel) {
        guard channel.isActive else { return channel.close(promise: nil) }
        channel.close(mode: .input).whenFailure { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension FirstRequestGuard: Sendable {}
