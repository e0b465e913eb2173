import HummingbirdCore
import Logging
import NIOCore

/// A server child channel with ``FirstRequestHeadDeadline`` first in every connection's pipeline,
/// told when the server takes the connection up.
struct HeadGuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let timeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                FirstRequestHeadDeadline(timeout: timeout, logger: logger))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        let channel = value.channel
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: FirstRequestHeadDeadline.self).isTakenUp = true
        }.get()
        await base.handle(value: value, logger: logger)
    }
}
