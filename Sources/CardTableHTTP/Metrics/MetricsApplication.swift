import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A second app, beside the site, that answers only `GET /metrics` with `metrics` in Prometheus'
/// text format: on its own port, so the counts never reach the public one. Its connections keep
/// the site's deadlines, and at most ``ConnectionLimits/metricsListener`` are open at once.
/// - Parameters:
///   - hostname: The address to bind to: `127.0.0.1` unless Prometheus scrapes from elsewhere.
///   - port: The port to listen on (0: any free one, logged once listening).
///   - timeouts: The site's deadlines.
package func metricsApplication(
    _ metrics: ServerMetrics, hostname: String, port: Int, timeouts: ConnectionTimeouts, logger: Logger
) -> some ApplicationProtocol {
    let router = Router()
    router.get("/metrics") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
    // NB: Hummingbird's own "listening on" line would read as the site's (the tests look for it).
    var quiet = logger
    quiet.logLevel = max(logger.logLevel, .notice)
    let admission = ConnectionAdmission(limits: .metricsListener, logger: logger)
    let http = HTTP1Channel.Configuration(additionalChannelHandlers: [
        ConnectionDeadlineHandler(timeouts: timeouts, logger: logger)
    ])
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in
            HeadGuardedChannel(
                base: HTTP1Channel(responder: responder, configuration: http),
                timeout: TimeAmount(timeouts.requestHead), admission: admission)
        },
        configuration: .init(
            address: .hostname(hostname, port: port), serverName: "CardTable",
            availableConnectionsDelegate: admission.acceptance),
        onServerRunning: { channel in
            let address = "\(hostname):\(channel.localAddress?.port ?? port)"
            logger.info("Metrics served at http://\(address)/metrics")
        },
        logger: quiet)
}
