import Hummingbird
import Logging

/// Logs one line per request at info level: the method, the route's path pattern (never the
/// ids in the path), the status, how long the answer took and the client's address (what a
/// trusted proxy says, see ``ClientAddress``).
package struct RequestLogMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    package let logger: Logger
    package let trustedProxies: TrustedProxies

    package init(logger: Logger, trustedProxies: TrustedProxies) {
        (self.logger, self.trustedProxies) = (logger, trustedProxies)
    }

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await timedAnswer(request, context, next: next) { status, took in
            log(request, context, status: status, took: took)
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, took elapsed: Duration) {
        let milliseconds =
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info(
            "\(request.method.rawValue) \(context.routePattern) \(status)",
            metadata: [
                "ms": "\((milliseconds * 10).rounded() / 10)",
                "client": "\(ClientAddress(request, peer: context.remoteAddress, trusting: trustedProxies))",
            ])
    }
}
