/// What a player's game page is drawn from: the game in a slot and the pace the player set.
package struct MemorizeTable: Equatable, Sendable {
    package var game: SavedMemorizeGame
    package var preferences: MemorizePreferences

    package init(game: SavedMemorizeGame, preferences: MemorizePreferences = MemorizePreferences()) {
        self.game = game
        self.preferences = preferences
    }
}
