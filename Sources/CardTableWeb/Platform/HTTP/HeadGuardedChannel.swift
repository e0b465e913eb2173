import CoreMetrics
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server child channel with ``FirstRequestGuard`` just after the HTTP decoder of every
/// connection's pipeline, which closes each connection once the server is done with it, and
/// counts it open meanwhile.
struct HeadGuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let timeout: TimeAmount
    /// The connections open now.
    let connections: Meter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(
                FirstRequestGuard(timeout: timeout, logger: logger), position: .after(decoder))
            return value
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        connections.increment()
        defer { connections.decrement() }
        await base.handle(value: value, logger: logger)
        // NB: a connection the base has finished with (whatever ended it) must not stay open.
        try? await value.channel.close()
    }
}
