import CardTableBasics
import CardTableHTTP
import Foundation
import Hummingbird

extension ThemesController {
    /// What deleting a theme answers with as JSON.
    struct Deleted: Encodable {
        let theme: ThemeSummary
        let undoURL: String
    }

    /// The body of a move.
    struct Move: DescribedInput {
        /// The 0-based place to move the theme to.
        let to: Int

        static let fieldDescriptions = ["to": "the place to move the theme to, a whole number"]
    }

    // MARK: - Deleting and moving

    @Sendable func delete(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init, mustBe: ThemeID.pathDescription)
        guard let deleted = try await database.deleteTheme(id, for: context.requirePlayer(), at: now()) else {
            throw AppError.noSuchTheme
        }
        switch ResponseFormat(request) {
        // NB: the deleted theme's own id, which differs from `id` when it was a built-in.
        case .html: return .redirect(to: ThemesRoute.chooser(editing: true, deleted: deleted.id))
        case .json:
            return try PageRenderer.json(
                Deleted(theme: ThemeSummary(deleted), undoURL: ThemesRoute.undoDelete(deleted.id).path))
        }
    }

    @Sendable func undoDelete(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init, mustBe: ThemeID.pathDescription)
        let player = try context.requirePlayer()
        guard try await database.undoDeleteTheme(id, for: player) != nil else {
            throw AppError.notFound("That theme can no longer be brought back.")
        }
        return try await chooser(request, player: player, showing: id)
    }

    @Sendable func move(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let id = try context.pathParameter("id", ThemeID.init, mustBe: ThemeID.pathDescription)
        let player = try context.requirePlayer()
        let move = try await RequestInput.decode(Move.self, from: request, context: context)
        guard try await database.moveTheme(id, to: move.to, for: player, at: now()) else {
            throw AppError.noSuchTheme
        }
        return try await chooser(request, player: player, showing: id)
    }

    /// Brings back the built-in themes the player deleted.
    @Sendable func restoreBuiltIns(_ request: Request, context: CardTableRequestContext) async throws
        -> Response
    {
        let player = try context.requirePlayer()
        do {
            _ = try await database.restoreBuiltInThemes(for: player, at: now())
        } catch let limit as ThemeLimitReached {
            throw AppError.limitReached(limit.description)
        }
        switch ResponseFormat(request) {
        case .html: return .redirect(to: ThemesRoute.chooser(editing: true))
        case .json:
            return try renderer.respond(
                ChooserPage(themes: try await database.themes(of: player), isEditing: true), to: request)
        }
    }

    // MARK: - Downloading

    /// The theme as a JSON file (the same JSON the API accepts to create or replace a theme).
    @Sendable func download(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let saved = try await savedTheme(context, of: context.requirePlayer())
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

    // MARK: - Private

    /// Back to the chooser in Edit mode at `id`'s row (HTML), or the chooser's state (JSON).
    private func chooser(_ request: Request, player: PlayerID, showing id: ThemeID) async throws -> Response {
        switch ResponseFormat(request) {
        case .html: return .redirect(to: ThemesRoute.chooser(editing: true, showing: id))
        case .json:
            return try renderer.respond(
                ChooserPage(themes: try await database.themes(of: player), isEditing: true), to: request)
        }
    }
}
