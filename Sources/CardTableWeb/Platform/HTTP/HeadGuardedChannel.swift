import HummingbirdCore
import Logging
import NIOCore

/// A server child channel with ``FirstRequestHeadDeadline`` first in every connection's pipeline.
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
        await base.handle(value: value, logger: logger)
    }
}
