import CoreMetrics
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server child channel with ``FirstRequestGuard`` just after the HTTP decoder of every
/// connection's pipeline, which closes a connection past its address's limit at once (see
/// ``ConnectionAdmission``) and each other once the server is done with it, and counts it open
/// meanwhile.
struct HeadGuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    package let base: Base
    package let timeout: TimeAmount
    package let admission: ConnectionAdmission
    /// The connections open now, when they are measured.
    package var connections: Meter?

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // NB: refused after the setup, not instead of it: a failed setup is reported to the
            // listener's channel as an error.
            guard admission.admit(channel) else {
                channel.close(promise: nil)
                return value
            }
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(
                FirstRequestGuard(timeout: timeout, logger: logger), position: .after(decoder))
            return value
        }
    }

    package func handle(value: Base.Value, logger: Logger) async {
        connections?.increment()
        defer { connections?.decrement() }
        await base.handle(value: value, logger: logger)
        // NB: a connection the base has finished with (whatever ended it) must not stay open.
        try? await value.channel.close()
    }
}
