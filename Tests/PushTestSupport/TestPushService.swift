import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A push service on 127.0.0.1 for tests (plain HTTP, which only endpoints allowing local ones
/// reach): it keeps every request it gets and answers each with the next of `answers` (the last
/// one again once they run out), or never, for a timeout.
public final class TestPushService: Sendable {
    public struct Received: Sendable {
        public let head: HTTPRequestHead
        public let body: Data
    }

    public enum Answer: Sendable {
        case status(HTTPResponseStatus, headers: [(String, String)] = [])
        case silence
    }

    private let channel: any Channel
    private let state: NIOLockedValueBox<(received: [Received], answers: [Answer])>

    public var port: Int { channel.localAddress!.port! }
    public var received: [Received] { state.withLockedValue { $0.received } }

    public init(answers: [Answer] = [.status(.created)]) async throws {
        let state = NIOLockedValueBox((received: [Received](), answers: answers))
        self.state = state
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Recorder(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    public func endpoint(_ path: String = "/push/1") -> String { "http://127.0.0.1:\(port)\(path)" }

    public func stop() async throws { try await channel.close() }

    private final class Recorder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let state: NIOLockedValueBox<(received: [Received], answers: [Answer])>
        var head: HTTPRequestHead?
        var body = Data()

        init(state: NIOLockedValueBox<(received: [Received], answers: [Answer])>) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let received): head = received
            case .body(let buffer): body.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard let head else { return }
                let answer = state.withLockedValue { state in
                    state.received.append(Received(head: head, body: body))
                    return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
                }
                guard case .status(let status, let headers) = answer else { return }
                var response = HTTPResponseHead(version: .http1_1, status: status)
                for (name, value) in headers { response.headers.add(name: name, value: value) }
                response.headers.add(name: "Content-Length", value: "0")
                context.write(wrapOutboundOut(.head(response)), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
