/// What a player's game page is drawn from: the game in a slot and the pace the player set.
public struct MemorizeTable: Equatable, Sendable {
    public var game: SavedMemorizeGame
    public var preferences: MemorizePreferences

    public init(game: SavedMemorizeGame, preferences: MemorizePreferences = MemorizePreferences()) {
        self.game = game
        self.preferences = preferences
    }
}
