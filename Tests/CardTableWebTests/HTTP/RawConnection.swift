import NIOCore
import NIOPosix
import Synchronization

/// One TCP connection to a live server that sends bytes when told, as slowly as a test likes,
/// and keeps whatever comes back.
struct RawConnection: Sendable {
    let channel: any Channel
    private let received: ReceivedBytes

    /// Connects to the server on 127.0.0.1.
    /// - Parameter halfClosed: Whether the connection stays open for sending after the server
    ///   closes its side; then ``isOpen`` turns false only once the server has closed it whole
    ///   (the next send is refused) or this side closes it.
    static func open(port: Int, staysOpenWhenServerFinishes halfClosed: Bool = false) async throws
        -> RawConnection
    {
        let received = ReceivedBytes()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: halfClosed)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteCollector(received: received))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    /// Whether the connection is still open (the server has not closed it).
    var isOpen: Bool { channel.isActive }

    /// Everything the server has sent so far.
    var answer: String { received.text }

    /// Sends `text` at once; a connection the server already closed ignores it.
    func send(_ text: String) async {
        try? await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Sends `text` one byte at a time, `interval` apart, stopping early if the server closes the
    /// connection.
    /// - Returns: Whether every byte was sent while the connection stayed open.
    @discardableResult
    func trickle(_ text: String, every interval: Duration) async -> Bool {
        for byte in text.utf8 {
            guard isOpen else { return false }
            try? await channel.writeAndFlush(ByteBuffer(bytes: [byte]))
            try? await Task.sleep(for: interval)
        }
        return isOpen
    }

    /// Sends `bytes` at once; a connection the server already closed ignores them.
    func send(_ bytes: [UInt8]) async {
        try? await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Sends `text` at once, then closes this side for sending (the server may still answer).
    func sendAndFinish(_ text: String) async {
        await send(text)
        try? await channel.close(mode: .output)
    }

    /// Sends `chunk` every `interval` while the connection is open, for at most `limit`.
    /// - Returns: Whether the server closed the connection within `limit`.
    func keepsSendingUntilClosed(_ chunk: String, every interval: Duration, within limit: Duration) async
        -> Bool
    {
        let end = ContinuousClock.now + limit
        while isOpen, ContinuousClock.now < end {
            // NB: not awaited: a server that stopped reading fills the buffers, and the write waits.
            channel.writeAndFlush(ByteBuffer(string: chunk), promise: nil)
            try? await Task.sleep(for: interval)
        }
        return !isOpen
    }

    /// The status lines the server has sent, in order (`HTTP/1.1 200 OK`, …). NB: an answer may
    /// follow the last one's body on the same line.
    var statusLines: [String] {
        answer.ranges(of: "HTTP/1.1 ").map { start in
            let rest = answer[start.lowerBound...]
            return String(rest[..<(rest.firstRange(of: "\r\n")?.lowerBound ?? rest.endIndex)])
        }
    }

    /// Waits until the server closes the connection, looking every 20 ms.
    /// - Returns: Whether it closed within `limit`.
    func closesWithin(_ limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while isOpen, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !isOpen
    }

    /// Waits until the server has sent something that contains `text`.
    /// - Returns: Whether it did within `limit`.
    func receives(_ text: String, within limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while !answer.contains(text), ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return answer.contains(text)
    }

    /// Closes the connection from this side.
    func close() {
        channel.close(promise: nil)
    }
}

/// The bytes a ``RawConnection`` has received.
final class ReceivedBytes: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }

    func append(_ buffer: ByteBuffer) {
        bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }
}

/// Hands each inbound buffer to a ``ReceivedBytes``.
private final class ByteCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let received: ReceivedBytes

    init(received: ReceivedBytes) {
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received.append(unwrapInboundIn(data))
    }
}
