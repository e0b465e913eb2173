import CardTableBasics
import CardTableStorage

extension ChooserPage {
    /// The home page as `player` sees it, with their themes from `database` (and, when a room code
    /// they typed in Join a room found no room, that code and what was wrong with it).
    static func home(
        of player: PlayerID, in database: any CardTableDatabase, isEditing: Bool = false,
        deleted: SavedTheme? = nil,
        findRoomProblem: FieldProblem? = nil
    ) async throws -> ChooserPage {
        let list = try await database.themeList(of: player)
        var page = ChooserPage(
            themes: list.themes, isEditing: isEditing, deleted: deleted, setAsideCount: list.setAsideCount,
            missingBuiltInCount: list.missingBuiltInCount, findRoomProblem: findRoomProblem)
        page.yourTurnText = YourGamesPage.yourTurnText(try await database.dailyTurnCount(of: player))
        return page
    }
}
