import Foundation
import Hummingbird
import MemorizeCore

/// Saving, deleting, reordering and downloading themes. Browsers post forms and are redirected
/// back to the chooser; API clients send and get JSON.
struct ThemeController: Sendable {
    let store: CardTableStore
    let renderer: PageRenderer

    /// What saving a theme answers with as JSON.
    struct Saved: Encodable {
        let theme: ThemeSummary
        /// Whether the theme changed, and so its game will start again.
        let restartsGame: Bool
    }

    /// What deleting a theme answers with as JSON.
    struct Deleted: Encodable {
        let theme: ThemeSummary
        let undoURL: String
    }

    /// The body of a move.
    struct Move: Decodable {
        /// The 0-based place to move the theme to.
        let to: Int
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>) {
        group.post("/themes", use: create)
        group.get("/themes/{id}.json", use: download)
        group.post("/themes/:id", use: update)
        group.post("/themes/:id/delete", use: delete)
        group.post("/themes/:id/undo-delete", use: undoDelete)
        group.post("/themes/:id/move", use: move)
    }

    // MARK: - Saving

    @Sendable func create(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        try await submit(themeID: nil, request: request, context: context)
    }

    @Sendable func update(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init)
        guard try await store.theme(id, of: context.requirePlayer()) != nil else {
            throw AppError.notFound("There is no such theme.")
        }
        return try await submit(themeID: id, request: request, context: context)
    }

    private func submit(
        themeID: ThemeID?, request: Request, context: CardTableRequestContext
    ) async throws -> Response {
        let player = try context.requirePlayer()
        if RequestInput.isJSON(request) {
            let theme = try await RequestInput.decode(Theme.self, from: request, context: context)
            let valid: Theme
            do {
                valid = try ThemeDraft(theme).validated()
            } catch {
                let messages = error.errors.map(\.description)
                return try PageRenderer.json(["errors": messages], status: .unprocessableContent)
            }
            return try await save(valid, as: themeID, for: player, request: request)
        }
        let form = try await RequestInput.decode(ThemeForm.self, from: request, context: context)
        var state = try form.editorState(themeID: themeID)
        switch form.command {
        case .add: state.addTypedEmoji()
        case .remove(let emoji): state.remove(emoji)
        case .restore(let emoji): state.restore(emoji)
        case .save:
            if let theme = state.validated() {
                return try await save(theme, as: themeID, for: player, request: request)
            }
        }
        let page = ChooserPage(themes: try await store.themes(of: player), isEditing: true, editor: state)
        return try renderer.respond(
            page, to: request, status: state.errors.isEmpty ? .ok : .unprocessableContent)
    }

    private func save(
        _ theme: Theme, as themeID: ThemeID?, for player: PlayerID, request: Request
    ) async throws -> Response {
        let saved: SavedTheme
        let changed: Bool
        if let themeID {
            guard let result = try await store.updateTheme(themeID, to: theme, for: player) else {
                throw AppError.notFound("There is no such theme.")
            }
            saved = SavedTheme(id: themeID, theme: theme)
            changed = result
        } else {
            saved = try await store.addTheme(theme, for: player)
            changed = true
        }
        switch ResponseFormat(request) {
        case .html: return .redirect(to: "/?edit=1#theme-\(saved.id)", type: .normal)
        case .json: return try PageRenderer.json(Saved(theme: ThemeSummary(saved), restartsGame: changed))
        }
    }

    // MARK: - Deleting and moving

    @Sendable func delete(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init)
        guard let deleted = try await store.deleteTheme(id, for: context.requirePlayer()) else {
            throw AppError.notFound("There is no such theme.")
        }
        let undoURL = "/themes/\(id)/undo-delete"
        switch ResponseFormat(request) {
        case .html: return .redirect(to: "/?edit=1&deleted=\(id)", type: .normal)
        case .json: return try PageRenderer.json(Deleted(theme: ThemeSummary(deleted), undoURL: undoURL))
        }
    }

    @Sendable func undoDelete(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init)
        let player = try context.requirePlayer()
        guard try await store.undoDeleteTheme(id, for: player) != nil else {
            throw AppError.notFound("That theme can no longer be brought back.")
        }
        return try await chooser(request, player: player, anchor: "theme-\(id)")
    }

    @Sendable func move(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init)
        let player = try context.requirePlayer()
        let move = try await RequestInput.decode(Move.self, from: request, context: context)
        guard try await store.moveTheme(id, to: move.to, for: player) else {
            throw AppError.notFound("There is no such theme.")
        }
        return try await chooser(request, player: player, anchor: "theme-\(id)")
    }

    /// Back to the chooser in Edit mode (HTML), or the chooser's state (JSON).
    private func chooser(_ request: Request, player: PlayerID, anchor: String) async throws -> Response {
        switch ResponseFormat(request) {
        case .html: return .redirect(to: "/?edit=1#\(anchor)", type: .normal)
        case .json:
            return try renderer.respond(
                ChooserPage(themes: try await store.themes(of: player), isEditing: true), to: request)
        }
    }

    // MARK: - Downloading

    /// The theme as a JSON file (the same JSON the API accepts to create or replace a theme).
    @Sendable func download(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init)
        guard let saved = try await store.theme(id, of: context.requirePlayer()) else {
            throw AppError.notFound("There is no such theme.")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(saved.theme)
        var response = PageRenderer.response(
            body: ByteBuffer(bytes: data), contentType: "application/json; charset=utf-8", status: .ok)
        response.headers[.contentDisposition] = "attachment; filename=\"\(Self.fileName(for: saved)).json\""
        return response
    }

    /// A safe ASCII file name for a theme: its name's letters and digits, or `theme-ID`.
    static func fileName(for saved: SavedTheme) -> String {
        let words = saved.theme.name.lowercased().unicodeScalars
            .map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").joined(separator: "-")
        return slug.isEmpty ? "theme-\(saved.id)" : String(slug.prefix(40))
    }
}
