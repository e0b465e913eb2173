import HTTPTypes
import Hummingbird

/// Gzips the bodies of pages, JSON, error pages and generated stylesheets over
/// ``Gzip/minimumBodySize`` when the request's `Accept-Encoding` accepts it, and says
/// `Vary: Accept-Encoding` on every answer whose encoding could depend on it.
///
/// Left as they are: 304s and other bodiless answers, small bodies, types gzip does not shrink
/// (PNG), and answers that chose their encoding themselves (``StaticAssets`` keeps each file
/// gzipped from start-up and says `Vary: Accept-Encoding`). A HEAD answer gets the same headers as
/// its GET, `Content-Length` included, because Hummingbird answers HEAD from the GET's response.
package struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard let length = response.body.contentLength, length > Gzip.minimumBodySize,
            response.status != .notModified, response.headers[.contentEncoding] == nil,
            !response.headers.varies(by: .acceptEncoding),
            Gzip.compresses(contentType: response.headers[.contentType])
        else { return response }
        response.headers.addVary(.acceptEncoding)
        guard AcceptEncoding.acceptsGzip(request.headers) else { return response }
        let body = try await response.body.collected()
        response.body = ResponseBody(byteBuffer: try Gzip.forResponsesOnThisThread().compress(body))
        response.headers[.contentEncoding] = "gzip"
        return response
    }
}
