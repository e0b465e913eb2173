import CardTableHTTP
import CardTableStorage
import Hummingbird
import Logging

/// Turns every failure into a page a player can read (or JSON for API clients): 404 for unknown
/// ids and paths, 400 for malformed forms, 403 for foreign origins, 413 for oversized bodies,
/// 503 while the database cannot be reached. A form sent back (``FormRejection``) is drawn as
/// its page, with the error's status.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: PageRenderer

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let rejection as FormRejection where ResponseFormat(request) == .html {
            var response = try Appearance.$current.withValue(rejection.appearance) {
                try Sound.$current.withValue(rejection.sound) {
                    try renderer.html(rejection.page, status: rejection.error.status)
                }
            }
            response.headers.append(contentsOf: rejection.error.headers)
            return response
        } catch {
            let error = (error as? FormRejection)?.error ?? error
            let page = ErrorPage(error)
            if page.status >= 500 {
                context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            let status = HTTPResponse.Status(code: page.status)
            var response =
                switch ResponseFormat(request) {
                case .html: try renderer.html(page, status: status)
                case .json: try PageRenderer.json(["error": page], status: status)
                }
            if let error = error as? AppError {
                response.headers.append(contentsOf: error.headers)
            } else if error is DatabaseUnavailable {
                response.headers[.retryAfter] = String(ErrorPage.retryAfterSeconds)
            }
            if status == .contentTooLarge {
                // NB: the connection closes (after a moment's drain) rather than reading a body
                // too large to keep to find the next request.
                response.headers[.connection] = "close"
            }
            return response
        }
    }
}
