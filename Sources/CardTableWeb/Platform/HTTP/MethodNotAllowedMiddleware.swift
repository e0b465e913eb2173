import Hummingbird
import NIOCore

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
            if request.method == .connect {
                Self.closeSoon(context.channel)
            }
            let allowed = routes.methods(matching: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else { throw error }
            throw AppError.methodNotAllowed(request.method, allowed: allowed)
        }
    }

    /// NB: after a CONNECT the connection only carries a tunnel, and the answer to it goes out
    /// without a length, so the client reads until the server closes: close right after it.
    private static func closeSoon(_ channel: any Channel) {
        channel.eventLoop.scheduleTask(in: .milliseconds(100)) { channel.close(promise: nil) }
    }
}
