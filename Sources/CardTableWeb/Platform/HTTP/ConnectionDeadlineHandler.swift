import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client keeps the server waiting too long (``ConnectionTimeouts``):
/// for a request head, for the rest of a body, or for the next request.
///
/// It sits in each connection's pipeline just after HTTP decoding, so it sees request heads,
/// body pieces and ends come in and the answer's parts go out. Every socket read also passes it
/// as `channelReadComplete`, even one that completes no part: that is how it sees the first
/// bytes of a request head, while bytes trickling in never move the head's deadline. One timer
/// per connection, on the connection's event loop; the rules are in ``ConnectionDeadlines``.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeouts: ConnectionTimeouts
    private let logger: Logger
    /// Nil until the connection is active.
    private var deadlines: ConnectionDeadlines?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// Whether the server has asked the socket for bytes since the last read finished; it stops
    /// asking while it is busy and its buffers are full.
    private var serverIsReading = true

    /// Creates the handler for one connection.
    /// - Parameters:
    ///   - timeouts: How long the client may keep the server waiting.
    ///   - logger: Where closed connections are noted, at debug level.
    init(timeouts: ConnectionTimeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    // MARK: - Traffic

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadlines?.readHead(at: .now())
        case .body: deadlines?.readBody(at: .now())
        case .end: deadlines?.readEnd()
        }
        updateTimer(context)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        serverIsReading = false
        deadlines?.readCompleted(at: .now())
        updateTimer(context)
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        serverIsReading = true
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            deadlines?.wroteResponseEnd(at: .now())
            updateTimer(context)
        }
        context.write(data, promise: promise)
    }

    // MARK: - The timer

    private func start(_ context: ChannelHandlerContext) {
        guard deadlines == nil else { return }
        deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: .now())
        updateTimer(context)
    }

    /// Makes the timer fire no later than the current deadline. A deadline that moved later is
    /// left to the timer, which looks again when it fires.
    private func updateTimer(_ context: ChannelHandlerContext) {
        guard let deadline = deadlines?.deadline else { return stopTimer() }
        if let timerDeadline, timerDeadline <= deadline { return }
        schedule(context, at: deadline)
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        switch deadlines?.timerFired(at: .now(), serverIsReading: serverIsReading) {
        case .close(let wait):
            logger.debug("Closing a connection that kept the server waiting", metadata: ["for": "\(wait)"])
            context.close(promise: nil)
        case .checkAgain(let deadline):
            schedule(context, at: deadline)
        case .nothing, nil:
            break
        }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}

@available(*, unavailable)
extension ConnectionDeadlineHandler: Sendable {}
