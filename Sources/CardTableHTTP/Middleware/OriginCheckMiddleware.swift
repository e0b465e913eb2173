import Hummingbird

/// Refuses state-changing requests sent from another site's page (cross-site request forgery).
///
/// A browser names the page's origin in `Origin` (and says `Sec-Fetch-Site`) on every POST, or
/// at least the page in `Referer`; when that origin is not this server's own (the same scheme,
/// host and port; `https` only when a trusted proxy says so, see ``Request/isHTTPS``), the
/// request is refused with 403. A request with neither header comes from no
/// browser page (curl, an API client, the tests), which a forged request never is, so it passes.
package struct OriginCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method != .get, request.method != .head, !Self.isSameOrigin(request) {
            throw AppError.forbidden("This form was sent from another site, so it was refused.")
        }
        return try await next(request, context)
    }

    package static func isSameOrigin(_ request: Request) -> Bool {
        let fetchSite = request.headers.first { $0.name.canonicalName == "sec-fetch-site" }
        // NB: header values are compared as browsers write them; `CROSS-SITE` is cross-site all the same.
        if fetchSite?.value.lowercased() == "cross-site" {
            return false
        }
        guard let sender = request.headers[.origin] ?? request.headers[.referer] else { return true }
        guard request.head.authority != nil else { return false }
        // NB: a browser writes an origin's scheme and host in lower case, so another spelling
        // (`HTTP://host`) comes from no browser's page, and is refused with the other sites.
        let own = request.origin.lowercased()
        // NB: a Referer is the whole page's address; its origin is what comes before the path.
        return sender == own || (request.headers[.origin] == nil && sender.hasPrefix(own + "/"))
    }
}
