import Hummingbird

/// Finds the appearance of the player a page is drawn for (``Appearance/current``): only for a
/// request that may answer with a page (HTML: a GET, or a form post, which may show its form
/// again) from a returning player, so JSON calls (every scripted move) and first visits cost the
/// database nothing more.
struct AppearanceMiddleware<Context: PlayerRequestContext>: RouterMiddleware {
    let database: any CardTableDatabase

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let mayShowAPage =
            [.get, .head, .post].contains(request.method) && ResponseFormat(request) == .html
        guard mayShowAPage, let player = context.playerID else { return try await next(request, context) }
        let appearance = context.isNewVisitor ? .system : try await database.appearance(of: player)
        let page = PageAppearance(appearance: appearance)
        return try await Appearance.$current.withValue(page) { try await next(request, context) }
    }
}
