import GRDB

extension CardTableStore {
    // MARK: - Themes

    /// Gives a new player their own copies of the built-in themes.
    static func insertStarterThemes(for player: PlayerID, in db: Database) throws {}
}
