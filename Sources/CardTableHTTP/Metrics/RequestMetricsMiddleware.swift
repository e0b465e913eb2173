import Hummingbird

/// Counts every request by route pattern, method and status, and times its answer (see
/// ``RequestMeters``).
package struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    package let meters: RequestMeters

    package init(meters: RequestMeters) {
        self.meters = meters
    }

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await timedAnswer(request, context, next: next) { status, took in
            meters.record(route: context.routePattern, method: request.method, status: status, duration: took)
        }
    }
}
