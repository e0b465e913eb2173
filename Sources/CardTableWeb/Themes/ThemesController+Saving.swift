import CardTableBasics
import CardTableHTTP
import Hummingbird
import MemorizeCore

extension ThemesController {
    /// What saving a theme answers with as JSON.
    struct Saved: Encodable {
        let theme: ThemeSummary
        /// Whether the theme changed, and so its game will start again.
        let restartsGame: Bool
    }

    @Sendable func create(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        try await submit(themeID: nil, request: request, context: context)
    }

    @Sendable func update(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let saved = try await savedTheme(context, of: context.requirePlayer())
        return try await submit(themeID: saved.id, request: request, context: context)
    }

    // MARK: - Private

    /// A theme sent as JSON is validated and saved; the editor's form runs the button pressed
    /// (add, remove, restore or save) and shows the editor again unless a valid theme was saved.
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
        return try await editor(
            state, request: request, player: player,
            status: state.errors.isEmpty ? .ok : .unprocessableContent)
    }

    private func save(
        _ theme: Theme, as themeID: ThemeID?, for player: PlayerID, request: Request
    ) async throws -> Response {
        let saved: SavedTheme
        let changed: Bool
        if let themeID {
            guard let result = try await database.updateTheme(themeID, to: theme, for: player, at: now())
            else {
                throw AppError.noSuchTheme
            }
            // NB: editing a built-in theme makes the player's own copy, with its own id.
            saved = try await database.theme(themeID, of: player) ?? SavedTheme(id: themeID, theme: theme)
            changed = result
        } else {
            do {
                saved = try await database.addTheme(theme, for: player, at: now())
            } catch let limit as ThemeLimitReached {
                throw AppError.limitReached(limit.description)
            }
            changed = true
        }
        switch ResponseFormat(request) {
        case .html: return .redirect(to: ThemesRoute.chooser(editing: true, showing: saved.id))
        case .json: return try PageRenderer.json(Saved(theme: ThemeSummary(saved), restartsGame: changed))
        }
    }
}
