import Hummingbird

/// Refuses a request whose declared body is larger than ``WebLimits/maximumBodyBytes`` before any
/// of it is read. (Bodies without a length are cut off at the same size when they are collected.)
package struct BodySizeLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init),
            length > WebLimits.maximumBodyBytes
        {
            throw AppError.tooLarge
        }
        return try await next(request, context)
    }
}
