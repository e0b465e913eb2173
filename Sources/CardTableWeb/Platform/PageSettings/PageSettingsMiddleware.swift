import CardTableHTTP
import CardTableStorage
import Hummingbird

/// Finds the settings the page is drawn with for its player (``Appearance/current`` and
/// ``Sound/current``), remembered or in one read: only for a request that may answer with a page
/// (HTML: a GET, or a form post, which may show its form again) from a returning player, so JSON
/// calls (every scripted move) and first visits cost the database nothing more.
struct PageSettingsMiddleware<Context: PlayerRequestContext>: RouterMiddleware {
    let database: any CardTableDatabase
    /// The settings remembered when this instance is the database's only writer; without it
    /// (PostgreSQL, which other instances share) every page reads them.
    let remembered: PageSettingsCache?

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let mayShowAPage =
            [.get, .head, .post].contains(request.method) && ResponseFormat(request) == .html
        guard mayShowAPage, let player = context.playerID else { return try await next(request, context) }
        let settings =
            if context.isNewVisitor {
                PageSettings()
            } else if let remembered {
                try await remembered.settings(of: player)
            } else {
                try await database.pageSettings(of: player)
            }
        return try await Appearance.$current.withValue(PageAppearance(appearance: settings.appearance)) {
            try await Sound.$current.withValue(settings.sound) { try await next(request, context) }
        }
    }
}
