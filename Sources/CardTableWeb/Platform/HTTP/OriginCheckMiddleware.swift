import Hummingbird

/// Refuses state-changing requests sent from another site's page (cross-site request forgery).
///
/// A browser names the page's origin in `Origin` (and says `Sec-Fetch-Site`) on every POST; when
/// that origin is not this server's own host, the request is refused with 403. Requests without
/// those headers (curl, tests) pass.
struct OriginCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method != .get, request.method != .head, !Self.isSameOrigin(request) {
            throw AppError.forbidden("This form was sent from another site, so it was refused.")
        }
        return try await next(request, context)
    }

    static func isSameOrigin(_ request: Request) -> Bool {
        let fetchSite = request.headers.first { $0.name.canonicalName == "sec-fetch-site" }
        if fetchSite?.value == "cross-site" {
            return false
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority else { return false }
        let originHost = origin.split(separator: "://", maxSplits: 1).last.map(String.init) ?? ""
        return originHost.lowercased() == host.lowercased()
    }
}
