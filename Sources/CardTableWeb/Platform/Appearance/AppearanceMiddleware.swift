import Hummingbird

/// Finds the appearance of the player a page is drawn for (``Appearance/current``): only for a
/// page (a GET of HTML) asked for by a returning player, so API calls and first visits cost the
/// database nothing more.
struct AppearanceMiddleware<Context: PlayerRequestContext>: RouterMiddleware {
    let database: any CardTableDatabase

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let isPage =
            (request.method == .get || request.method == .head) && ResponseFormat(request) == .html
        guard isPage || request.method == .post, let player = context.playerID else {
            return try await next(request, context)
        }
        // NB: a form post may answer with a page too (a form shown again with its problem).
        let appearance = context.isNewVisitor ? .system : try await database.appearance(of: player)
        let page = PageAppearance(appearance: appearance, path: AppearanceForm.pagePath(of: request))
        return try await Appearance.$current.withValue(page) { try await next(request, context) }
    }
}
