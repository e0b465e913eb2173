import Hummingbird

/// Counts every request by route pattern, method and status, and times its answer (see
/// ``RequestMeters``).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let meters: RequestMeters

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, since: started)
            return response
        } catch {
            record(request, context, status: HTTPResponse.Status(answering: error).code, since: started)
            throw error
        }
    }

    private func record(
        _ request: Request, _ context: Context, status: Int, since started: ContinuousClock.Instant
    ) {
        meters.record(
            route: context.routePattern, method: request.method, status: status,
            duration: ContinuousClock.now - started)
    }
}
