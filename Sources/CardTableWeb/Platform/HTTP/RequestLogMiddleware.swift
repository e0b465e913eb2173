import Hummingbird
import Logging

/// Logs one line per request at info level: the method, the route's path pattern (never the
/// ids in the path), the status, how long the answer took and the client's address (what a
/// trusted proxy says, see ``ClientAddress``).
struct RequestLogMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let logger: Logger
    let trustedProxies: TrustedProxies

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: started)
            return response
        } catch {
            log(request, context, status: HTTPResponse.Status(answering: error).code, since: started)
            throw error
        }
    }

    private func log(
        _ request: Request, _ context: Context, status: Int, since started: ContinuousClock.Instant
    ) {
        let elapsed = ContinuousClock.now - started
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
