import CardTableStorage
import NIOCore
import NIOWebSocket

/// Closes a WebSocket whose client sends an unmasked frame with 1002 (protocol error), before the
/// frame goes any further: RFC 6455 §5.1 has a server close such a connection, and the WebSocket
/// library does not look at masks. Once closing, it drops whatever else comes or goes.
final class UnmaskedFrameGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var isClosing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        guard unwrapInboundIn(data).maskKey != nil else { return close(context) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isClosing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
    }

    private func close(_ context: ChannelHandlerContext) {
        isClosing = true
        var code = context.channel.allocator.buffer(capacity: 2)
        code.write(webSocketErrorCode: .protocolError)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: code)
        let loopBound = context.loopBound
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

/// Puts ``UnmaskedFrameGuard`` right after a connection's WebSocket frame decoder once its
/// upgrade completes, before a single frame is decoded, then leaves the pipeline. Added while the
/// upgrade is being agreed (the decoder is not there yet); until the upgrade it passes everything on.
final class UnmaskedFrameGuardInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // NB: the upgrade handler announces the upgrade once the WebSocket handlers are in place,
        // and only then passes on the bytes that came after the upgrade request.
        let installed = installIfUpgraded(context)
        context.fireUserInboundEventTriggered(event)
        if installed { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let installed = installIfUpgraded(context)
        context.fireChannelRead(data)
        if installed { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    /// Adds the guard if the frame decoder is there; whether it did.
    private func installIfUpgraded(_ context: ChannelHandlerContext) -> Bool {
        let pipeline = context.pipeline.syncOperations
        guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        else {
            return false
        }
        do {
            try pipeline.addHandler(UnmaskedFrameGuard(), position: .after(decoder))
        } catch {
            // NB: a connection that cannot be guarded is not served.
            context.close(promise: nil)
        }
        return true
    }
}
