import CardTableHTTP
import Hummingbird

/// Turns "no route" into 405 Method Not Allowed when the path is known but the method is not
/// one it answers (a PUT to a page, a TRACE, a CONNECT), naming the methods it does answer.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = CardTableRequestContext

    let routes: RegisteredRoutes

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // NB: the answer to a CONNECT closes its connection (ConnectionDeadlineHandler).
            let allowed = routes.methods(matching: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else { throw error }
            throw AppError.methodNotAllowed(request.method, allowed: allowed)
        }
    }
}
