import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird

/// The theme chooser and editor: the list of themes (`/`) and its Edit mode, the editor opened
/// over the list for a new or a saved theme, and every change to a theme (saving, deleting,
/// reordering) and its download. Browsers post forms and are redirected back to the chooser;
/// API clients send and get JSON.
struct ThemesController: Sendable {
    let database: any CardTableDatabase
    let renderer: PageRenderer
    /// The clock: a player's first change stores them, with the time.
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(ThemesRoute.Template.chooser, notingIn: routes, use: list)
        group.on(ThemesRoute.Template.newTheme, notingIn: routes, use: newTheme)
        group.on(ThemesRoute.Template.edit, notingIn: routes, use: editTheme)
        group.on(ThemesRoute.Template.download, notingIn: routes, use: download)
        group.on(ThemesRoute.Template.create, notingIn: routes, use: create)
        group.on(ThemesRoute.Template.update, notingIn: routes, use: update)
        group.on(ThemesRoute.Template.delete, notingIn: routes, use: delete)
        group.on(ThemesRoute.Template.undoDelete, notingIn: routes, use: undoDelete)
        group.on(ThemesRoute.Template.move, notingIn: routes, use: move)
        group.on(ThemesRoute.Template.restoreBuiltIns, notingIn: routes, use: restoreBuiltIns)
    }

    // MARK: - Pages

    @Sendable func list(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let isEditing = request.uri.queryParameters["edit"] == "1"
        var deleted: SavedTheme?
        if let id = request.uri.queryParameters["deleted"].flatMap(ThemeID.init) {
            deleted = try await database.recentlyDeletedTheme(of: player).flatMap { $0.id == id ? $0 : nil }
        }
        let page = try await ChooserPage.home(
            of: player, in: database, isEditing: isEditing, deleted: deleted)
        return try renderer.respond(page, to: request)
    }

    @Sendable func newTheme(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        try await editor(.newTheme(), request: request, player: context.requirePlayer())
    }

    @Sendable func editTheme(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let saved = try await savedTheme(context, of: player)
        return try await editor(ThemeEditorState(saved), request: request, player: player)
    }

    // MARK: - Helpers

    /// The chooser in Edit mode with the editor open over it.
    func editor(
        _ state: ThemeEditorState, request: Request, player: PlayerID, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = ChooserPage(themes: try await database.themes(of: player), isEditing: true, editor: state)
        return try renderer.respond(page, to: request, status: status)
    }

    /// The theme named by the `id` path parameter.
    /// - Throws: ``AppError/notFound(_:)`` when the player has no such theme.
    func savedTheme(_ context: CardTableRequestContext, of player: PlayerID) async throws -> SavedTheme {
        let id = try context.pathParameter("id", ThemeID.init, mustBe: ThemeID.pathDescription)
        guard let saved = try await database.theme(id, of: player) else {
            throw AppError.noSuchTheme
        }
        return saved
    }
}
