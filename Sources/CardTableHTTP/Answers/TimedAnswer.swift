import Hummingbird

/// Runs `next` on `request` and tells `report` the status the client gets (a thrown error's
/// included, see `HTTPResponse.Status(answering:)`) and how long the answer took: what the
/// request log and the request metrics both note.
func timedAnswer<Context: RequestContext>(
    _ request: Request, _ context: Context, next: (Request, Context) async throws -> Response,
    report: (_ status: Int, _ took: Duration) -> Void
) async throws -> Response {
    let started = ContinuousClock.now
    do {
        let response = try await next(request, context)
        report(response.status.code, ContinuousClock.now - started)
        return response
    } catch {
        report(HTTPResponse.Status(answering: error).code, ContinuousClock.now - started)
        throw error
    }
}
