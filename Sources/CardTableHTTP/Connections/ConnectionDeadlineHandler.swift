import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Closes a connection whose client keeps the server waiting too long (``ConnectionTimeouts``):
/// for a request head, for the rest of a body, or for the next request; and closes one whose
/// last answer said `Connection: close`, after draining it for a moment.
///
/// It also keeps to one answer per request: a request that cannot be read to its end after it
/// was answered (its body cut short by the client closing, say) closes the connection without a
/// second answer. And it closes a connection once the answer to a CONNECT is written: after a
/// CONNECT the connection would only carry a tunnel, and its client reads until it closes.
///
/// It sits in each connection's pipeline just after HTTP decoding, so it sees request heads,
/// body pieces and ends come in and the answer's parts go out. Every socket read also passes it
/// as `channelReadComplete`, even one that completes no part: that is how it sees the first
/// bytes of a request head, while bytes trickling in never move the head's deadline. One timer
/// per connection, on the connection's event loop; the rules are in ``ConnectionDeadlines``.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let timeouts: ConnectionTimeouts
    private let logger: Logger
    /// Nil until the connection is active.
    private var deadlines: ConnectionDeadlines?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// Whether the server has asked the socket for bytes since the last read finished; it stops
    /// asking while it is busy and its buffers are full.
    private var serverIsReading = true
    /// Whether the request being answered is a CONNECT, whose answer closes the connection.
    private var isAnsweringConnect = false

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

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // NB: nobody reads what arrives after the last answer; it is only drained.
        guard !isClosing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadlines?.readHead(at: .now(), asksToClose: Self.saysClose(head.headerFields))
            isAnsweringConnect = head.method == .connect
        case .body: deadlines?.readBody(at: .now())
        case .end: deadlines?.readEnd()
        }
        updateTimer(context)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard !isClosing else { return context.read() }
        serverIsReading = false
        deadlines?.readCompleted(at: .now())
        updateTimer(context)
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, isClosing || deadlines?.hasAnsweredRequestBeingRead == true else {
            return context.fireErrorCaught(error)
        }
        logger.debug("Closing a connection whose answered request could not be read to its end")
        context.close(promise: nil)
    }

    package func read(context: ChannelHandlerContext) {
        serverIsReading = true
        context.read()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head where deadlines?.hasAnsweredRequestBeingRead == true:
            // NB: a second answer to one request (Hummingbird's 400 for a body cut short after
            // the first) is not sent: the connection closes instead.
            logger.debug("Closing a connection whose answered request could not be read to its end")
            context.close(promise: nil)
            promise?.fail(ChannelError.outputClosed)
            return
        case .head(let head) where Self.saysClose(head.headerFields):
            deadlines?.wroteClosingResponseHead()
        case .end where isAnsweringConnect:
            // NB: closed once the answer is written, not before: a timer could beat a busy server.
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
            context.write(data, promise: written)
            return
        case .end:
            deadlines?.wroteResponseEnd(at: .now())
            updateTimer(context)
            // NB: the server reads no more; the drain reads until the client closes.
            if isClosing { context.read() }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// Whether the connection has had its last answer and is only drained.
    private var isClosing: Bool { deadlines?.wait == .closing }

    /// Whether `fields` say `Connection: close`.
    private static func saysClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingWhitespace().lowercased() == "close" }
        }
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
