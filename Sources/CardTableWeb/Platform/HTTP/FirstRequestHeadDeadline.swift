import Logging
import NIOCore

/// Guards a connection until the server has taken it up: closes it if its first request head is
/// not complete in time, or if the server shuts down before the connection was taken up.
///
/// A server that can upgrade to WebSocket decodes a connection's first request head before it
/// adds ``ConnectionDeadlineHandler`` and the handler that closes idle connections at shutdown
/// (only a request that is not an upgrade gets the HTTP pipeline), so this handler stands in for
/// them until then: it sits first in the pipeline, counts from the connection opening, and
/// watches the raw bytes for the blank line that ends a head (CRLF CRLF, or LF LF); bytes
/// trickling in never move the deadline. After that it only passes everything on.
final class FirstRequestHeadDeadline: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?
    /// The last bytes read, to find a blank line split between reads.
    private var tail: [UInt8] = []
    private var headEnded = false
    /// Whether the server has started handling the connection (set on its event loop).
    var isTakenUp = false

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

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headEnded {
            let bytes = unwrapInboundIn(data)
            headEnded = Self.endsHead(tail + Array(bytes.readableBytesView))
            tail = Array((tail + bytes.readableBytesView.suffix(3)).suffix(3))
            if headEnded { timer?.cancel() }
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // NB: at shutdown a connection still waiting for its first request, or not yet taken up,
        // has nobody else to close it.
        if event is ChannelShouldQuiesceEvent, !headEnded || !isTakenUp {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Whether `bytes` hold the blank line that ends a request head.
    static func endsHead(_ bytes: [UInt8]) -> Bool {
        let (cr, lf) = (UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        for index in bytes.indices.dropFirst() where bytes[index] == lf {
            if bytes[index - 1] == lf { return true }
            if index >= 3, bytes[index - 1] == cr, bytes[index - 2] == lf, bytes[index - 3] == cr {
                return true
            }
        }
        return false
    }

    private func start(_ context: ChannelHandlerContext) {
        guard timer == nil, !headEnded else { return }
        let channel = context.channel
        let logger = logger
        timer = context.eventLoop.scheduleTask(in: timeout) {
            logger.debug("Closing a connection whose first request head is late")
            channel.close(promise: nil)
        }
    }
}
