import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// How a push service answered.
public enum PushOutcome: Equatable, Sendable {
    /// Taken (201, or another 2xx).
    case delivered
    /// The subscription is no more (404, 410): forget it.
    case gone
    /// Busy or failing (429, 5xx): try again later, after the time it asked for if it did.
    case tryLater(afterSeconds: Int?)
    /// Any other answer (400, 403, 413, a redirect, which is never followed…): the push is dropped.
    case refused(status: Int)
}

/// Sends push messages (RFC 8030): one POST per message over its own connection, to the address
/// its endpoint's host resolved to and was checked at (never another, and never a redirect's), with
/// a deadline, reading at most a few kilobytes of the answer.
public struct PushDelivery: Sendable {
    /// How the endpoint's host is resolved before each send.
    let resolver: any PushHostResolver
    /// The longest a send may take, connecting included.
    let timeout: TimeAmount
    /// The most of an answer's body read (the rest is dropped with the connection).
    static let maximumAnswer = 4096
    private let tls: NIOSSLContext

    /// A sender that trusts the system's certificate authorities (or the `authorities` PEM file
    /// given, for tests' own).
    public init(
        resolver: any PushHostResolver = SystemPushHostResolver(), timeout: TimeAmount = .seconds(10),
        authorities: String? = nil
    ) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let authorities { configuration.trustRoots = .file(authorities) }
        tls = try NIOSSLContext(configuration: configuration)
        (self.resolver, self.timeout) = (resolver, timeout)
    }

    /// Sends `body` (already encrypted) to `endpoint`, signed with `authorization`, to be kept by
    /// the push service for `ttl` seconds at most.
    /// - Throws: ``PushEndpointRefusal`` when the host no longer resolves to an address a push
    ///   may go to; a connection or TLS error, or ``PushTimeout``.
    public func send(
        _ body: Data, to endpoint: PushEndpoint, authorization: String, ttl: Int, urgency: String = "normal"
    ) async throws -> PushOutcome {
        let address = try await endpoint.checkedAddress(using: resolver)
        let socketAddress = try SocketAddress(ipAddress: address.description, port: endpoint.port)
        let answer = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: HTTPResponseHead.self)
        // NB: a promise must be completed whatever happens (a refused connection, a failed write);
        // once the answer is in, this does nothing.
        defer { answer.fail(ChannelError.ioOnClosedChannel) }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .channelInitializer { [tls] channel in
                channel.eventLoop.makeCompletedFuture {
                    if endpoint.usesTLS {
                        // NB: the certificate must name the host, though the address was chosen here.
                        let hostname = PushAddress(endpoint.host) == nil ? endpoint.host : nil
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: hostname))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(AnswerReader(answer: answer))
                }
            }
        let channel = try await bootstrap.connect(to: socketAddress).get()
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            answer.fail(PushTimeout())
            channel.close(promise: nil)
        }
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: Self.target(of: endpoint.url))
        head.headers.add(name: "Host", value: Self.hostHeader(of: endpoint))
        head.headers.add(name: "Authorization", value: authorization)
        head.headers.add(name: "TTL", value: String(ttl))
        head.headers.add(name: "Urgency", value: urgency)
        head.headers.add(name: "Content-Encoding", value: "aes128gcm")
        head.headers.add(name: "Content-Type", value: "application/octet-stream")
        head.headers.add(name: "Content-Length", value: String(body.count))
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        try await channel.writeAndFlush(HTTPClientRequestPart.end(nil)).get()
        return Self.outcome(of: try await answer.futureResult.get())
    }

    /// What an answer means for the subscription.
    static func outcome(of head: HTTPResponseHead) -> PushOutcome {
        switch head.status.code {
        case 200..<300: .delivered
        case 404, 410: .gone
        case 429, 500..<600:
            .tryLater(afterSeconds: head.headers.first(name: "Retry-After").flatMap { Int($0) })
        default: .refused(status: Int(head.status.code))
        }
    }

    /// The request target: the endpoint's path and query.
    static func target(of url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "/" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        components.percentEncodedPath = path
        return path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// `Host`: the host, with the port when it is not the scheme's own.
    static func hostHeader(of endpoint: PushEndpoint) -> String {
        let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
        return endpoint.port == (endpoint.usesTLS ? 443 : 80) ? host : "\(host):\(endpoint.port)"
    }
}

/// A push service did not answer in time.
public struct PushTimeout: Error, Equatable {}

/// Reads an answer's head, and up to ``PushDelivery/maximumAnswer`` bytes of its body, then
/// hands the head on.
private final class AnswerReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<HTTPResponseHead>
    private var head: HTTPResponseHead?
    private var bodyBytes = 0

    init(answer: EventLoopPromise<HTTPResponseHead>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if bodyBytes > PushDelivery.maximumAnswer, let head {
                answer.succeed(head)
                context.close(promise: nil)
            }
        case .end:
            if let head { answer.succeed(head) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answer.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let head { answer.succeed(head) } else { answer.fail(ChannelError.eof) }
        context.fireChannelInactive()
    }
}
