import NIOCore
import NIOPosix
import Synchronization

/// A WebSocket client on one TCP connection to a live server that sends whatever frames a test
/// makes (unmasked, broken, fragmented: see ``frame(_:_:fin:masked:)``) and keeps the server's
/// frames for the test to read. It can also stop reading, so the server's answers pile up.
struct RawWebSocket: Sendable {
    /// Frame opcodes (RFC 6455 §5.2).
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
    }

    /// A frame the server sent.
    struct Frame: Sendable, CustomStringConvertible {
        let fin: Bool
        let opcode: UInt8
        let payload: [UInt8]

        /// A text frame's text.
        var text: String? { opcode == Opcode.text.rawValue ? String(decoding: payload, as: UTF8.self) : nil }

        var description: String {
            text ?? "opcode \(opcode), \(payload.count) bytes"
        }

        /// A close frame's code.
        var closeCode: UInt16? {
            guard opcode == Opcode.close.rawValue, payload.count >= 2 else { return nil }
            return UInt16(payload[0]) << 8 | UInt16(payload[1])
        }
    }

    /// The upgrade did not happen.
    struct Refused: Error, CustomStringConvertible {
        let answer: String
        var description: String { "The server did not upgrade: \(answer)" }
    }

    let channel: any Channel
    private let incoming: Incoming

    /// Opens `path` on the server at 127.0.0.1 with the player's `cookie` and waits (up to 10 s)
    /// for the upgrade.
    /// - Parameters:
    ///   - receiveBuffer: The socket's receive buffer in bytes; a small one makes the server's
    ///     answers pile up on its side sooner when the test stops reading.
    ///   - frames: Frames sent with the upgrade request, in the same write, before any answer.
    static func open(
        port: Int, path: String, cookie: String, receiveBuffer: Int? = nil, sendingAtOnce frames: [UInt8] = []
    ) async throws -> RawWebSocket {
        let incoming = Incoming()
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(
                .socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
        }
        let channel = try await bootstrap.channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(Collector(incoming: incoming))
            }
        }
        .connect(host: "127.0.0.1", port: port).get()
        let socket = RawWebSocket(channel: channel, incoming: incoming)
        let head =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: \(cookie)\r\n\r\n"
        await socket.send(Array(head.utf8) + frames)
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            switch incoming.takeUpgradeAnswer() {
            case .some(let answer) where answer.hasPrefix("HTTP/1.1 101"): return socket
            case .some(let answer):
                socket.close()
                throw Refused(answer: answer)
            case .none: try await Task.sleep(for: .milliseconds(10))
            }
        }
        socket.close()
        throw Refused(answer: "nothing within 10 s")
    }

    /// A client frame: masked with a fixed key unless `masked` is false.
    static func frame(_ opcode: Opcode, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8]
    {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65536:
            bytes +=
                [maskBit | 126]
                + (0..<2).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        default:
            bytes +=
                [maskBit | 127]
                + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x5A, 0x13, 0xC7, 0x8E]
        return bytes + key + payload.enumerated().map { $1 ^ key[$0 % 4] }
    }

    /// A masked text frame of `text`.
    static func text(_ text: String) -> [UInt8] {
        frame(.text, Array(text.utf8))
    }

    /// Whether the connection is still open.
    var isOpen: Bool { channel.isActive }

    /// Sends `bytes` at once; a connection the server already closed ignores them.
    func send(_ bytes: [UInt8]) async {
        try? await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Stops reading from the socket: what the server sends stays in the buffers on the way.
    func stopReading() async {
        try? await channel.setOption(.autoRead, value: false).get()
    }

    /// Reads from the socket again.
    func resumeReading() async {
        try? await channel.setOption(.autoRead, value: true).get()
    }

    /// Sends `frame` over and over, as fast as the connection takes it, until `isDone` says so,
    /// `limit` frames have gone, the connection closes, or a minute has passed.
    /// - Returns: How many frames were sent.
    func flood(_ frame: [UInt8], atMost limit: Int, until isDone: () -> Bool) async -> Int {
        let batch = 256
        var sent = 0
        let end = ContinuousClock.now + .seconds(60)
        while !isDone(), isOpen, ContinuousClock.now < end {
            guard sent < limit, channel.isWritable else {
                try? await Task.sleep(for: .milliseconds(20))
                continue
            }
            var buffer = channel.allocator.buffer(capacity: frame.count * batch)
            for _ in 0..<batch { buffer.writeBytes(frame) }
            channel.writeAndFlush(buffer, promise: nil)
            sent += batch
            await Task.yield()
        }
        return sent
    }

    /// The server's next frame, waiting up to `limit` for it; nil once the connection has closed
    /// with nothing more.
    func nextFrame(within limit: Duration = .seconds(20)) async -> Frame? {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if let frame = incoming.takeFrame() { return frame }
            guard isOpen else { return incoming.takeFrame() }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// The server's data frames (its pings left out) up to its close frame (nil when it sent none
    /// before the connection closed or `limit` passed).
    func framesUntilClose(within limit: Duration = .seconds(30)) async -> (frames: [Frame], close: Frame?) {
        var frames: [Frame] = []
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end, let frame = await nextFrame(within: end - ContinuousClock.now) {
            switch Opcode(rawValue: frame.opcode) {
            case .close: return (frames, frame)
            case .ping, .pong: continue
            default: frames.append(frame)
            }
        }
        return (frames, nil)
    }

    /// Closes the connection from this side.
    func close() {
        channel.close(promise: nil)
    }
}

/// What a ``RawWebSocket`` has received and not yet read: the upgrade answer, then frames.
private final class Incoming: Sendable {
    private struct Bytes {
        var buffer: [UInt8] = []
        /// Where the first frame not yet taken starts.
        var start = 0
        var isUpgraded = false
    }

    private let bytes = Mutex(Bytes())

    func append(_ received: ByteBuffer) {
        bytes.withLock { $0.buffer.append(contentsOf: received.readableBytesView) }
    }

    /// The upgrade answer's head, once it has all come.
    func takeUpgradeAnswer() -> String? {
        bytes.withLock { bytes in
            let end = Array("\r\n\r\n".utf8)
            guard let start = bytes.buffer.indices.first(where: { bytes.buffer[$0...].starts(with: end) })
            else {
                return nil
            }
            let head = String(decoding: bytes.buffer[..<start], as: UTF8.self)
            bytes.buffer.removeFirst(start + end.count)
            bytes.isUpgraded = true
            return head
        }
    }

    /// The next whole frame.
    func takeFrame() -> RawWebSocket.Frame? {
        bytes.withLock { bytes in
            guard bytes.isUpgraded, let (frame, length) = Self.frame(at: bytes.buffer[bytes.start...]) else {
                return nil
            }
            bytes.start += length
            // NB: read frames are dropped in bulk, not one by one, which would copy the rest each time.
            if bytes.start > 1 << 16 {
                bytes.buffer.removeFirst(bytes.start)
                bytes.start = 0
            }
            return frame
        }
    }

    /// The unmasked frame that `buffer` starts with, and its length in bytes.
    private static func frame(at buffer: ArraySlice<UInt8>) -> (RawWebSocket.Frame, Int)? {
        let first = buffer.startIndex
        guard buffer.count >= 2 else { return nil }
        var offset = 2
        var length = Int(buffer[first + 1] & 0x7F)
        let extra = length == 126 ? 2 : length == 127 ? 8 : 0
        if extra > 0 {
            guard buffer.count >= 2 + extra else { return nil }
            length = buffer[(first + 2)..<(first + 2 + extra)].reduce(0) { $0 << 8 | Int($1) }
            offset += extra
        }
        guard buffer.count >= offset + length else { return nil }
        let frame = RawWebSocket.Frame(
            fin: buffer[first] & 0x80 != 0, opcode: buffer[first] & 0x0F,
            payload: Array(buffer[(first + offset)..<(first + offset + length)]))
        return (frame, offset + length)
    }
}

/// Hands each inbound buffer to an ``Incoming``.
private final class Collector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let incoming: Incoming

    init(incoming: Incoming) {
        self.incoming = incoming
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        incoming.append(unwrapInboundIn(data))
    }
}
