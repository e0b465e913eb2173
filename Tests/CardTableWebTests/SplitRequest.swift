import NIOCore
import NIOPosix
import Synchronization

/// An HTTP request sent in parts on its own connection: the first part at once (say the head and
/// half the body), the rest when the test says, so the server is mid-request for as long as the
/// test likes.
struct SplitRequest: Sendable {
    private let channel: any Channel
    private let received: SplitRequestAnswer

    /// Connects to the server on 127.0.0.1 and sends `first`.
    /// - Throws: When the server refuses the connection.
    static func start(_ first: String, port: Int) async throws -> SplitRequest {
        let received = SplitRequestAnswer()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(SplitRequestCollector(received: received))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        // NB: a connection the server accepts and closes at once is not refused: its answer is empty.
        try? await channel.writeAndFlush(ByteBuffer(string: first))
        return SplitRequest(channel: channel, received: received)
    }

    /// Sends more of the request.
    func finish(_ rest: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: rest))
    }

    /// Waits until the server closes the connection, then returns all it sent.
    /// - Returns: nil when the connection is still open after `timeLimit` (it is then closed).
    func answer(within timeLimit: Duration) async -> String? {
        let end = ContinuousClock.now + timeLimit
        while channel.isActive, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !channel.isActive else {
            channel.close(promise: nil)
            return nil
        }
        return received.text
    }
}

/// The bytes a ``SplitRequest`` has received.
private final class SplitRequestAnswer: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }

    func append(_ buffer: ByteBuffer) {
        bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }
}

/// Hands each inbound buffer to a ``SplitRequestAnswer``.
private final class SplitRequestCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let received: SplitRequestAnswer

    init(received: SplitRequestAnswer) {
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received.append(unwrapInboundIn(data))
    }
}
