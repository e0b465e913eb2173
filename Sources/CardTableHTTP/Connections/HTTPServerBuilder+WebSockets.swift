import CoreMetrics
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

extension HTTPServerBuilder {
    /// HTTP/1.1 that upgrades a request to a WebSocket where `socketRouter` takes it, with every
    /// connection's deadlines: the first request head's from the connection opening (see
    /// ``FirstRequestGuard``, which also answers a first request that cannot be read), then
    /// ``ConnectionDeadlineHandler``'s for the HTTP that follows.
    /// A WebSocket keeps no deadline; automatic pings find a peer that went away. `admission`
    /// closes a connection past its address's limit; every open connection is counted in
    /// `connections`.
    /// - Parameters:
    ///   - maximumFrameBytes: The largest frame a socket reads.
    ///   - closeTimeout: How long a closing socket waits for the peer's close.
    package static func http1UpgradingToWebSockets<Context: WebSocketRequestContext>(
        _ socketRouter: Router<Context>, maximumFrameBytes: Int, closeTimeout: Duration,
        timeouts: ConnectionTimeouts, admission: ConnectionAdmission, connections: Meter, logger: Logger
    ) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [
                ConnectionDeadlineHandler(timeouts: timeouts, logger: logger)
            ]),
            ws: .init(
                maxFrameSize: maximumFrameBytes, autoPing: .enabled(timePeriod: .seconds(30)),
                closeTimeout: closeTimeout, validateUTF8: true))
        let webSocketResponder = socketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            HeadGuardedChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration
                ),
                timeout: TimeAmount(timeouts.requestHead), admission: admission, connections: connections)
        }
    }
}
