import Hummingbird

/// The theme chooser: the list of themes (`/`), Edit mode (`/?edit=1`), and the editor opened
/// over the list for a new theme or an existing one.
struct ChooserController: Sendable {
    let store: CardTableStore
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>) {
        group.get("/", use: list)
        group.get("/themes/new", use: newTheme)
        group.get("/themes/:id/edit", use: editTheme)
    }

    @Sendable func list(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let isEditing = request.uri.queryParameters["edit"] == "1"
        var deleted: SavedTheme?
        if let id = request.uri.queryParameters["deleted"].flatMap(ThemeID.init) {
            deleted = try await store.recentlyDeletedTheme(of: player).flatMap { $0.id == id ? $0 : nil }
        }
        let page = ChooserPage(
            themes: try await store.themes(of: player), isEditing: isEditing, deleted: deleted)
        return try renderer.respond(page, to: request)
    }

    @Sendable func newTheme(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let page = ChooserPage(
            themes: try await store.themes(of: player), isEditing: true, editor: .newTheme())
        return try renderer.respond(page, to: request)
    }

    @Sendable func editTheme(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let id = try context.pathParameter("id", ThemeID.init)
        guard let saved = try await store.theme(id, of: player) else {
            throw AppError.notFound("There is no such theme.")
        }
        let page = ChooserPage(
            themes: try await store.themes(of: player), isEditing: true, editor: ThemeEditorState(saved))
        return try renderer.respond(page, to: request)
    }
}
