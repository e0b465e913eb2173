import MemorizeCore

/// A game in progress as stored: the engine's game, the theme it was dealt from, and what the
/// last choice did (for the page's announcement).
public struct SavedGame: Sendable {
    public var slot: GameSlot
    public var theme: SavedTheme
    public var game: MemoryGame<String>
    public var lastChoice: LastChoice?

    public init(slot: GameSlot, theme: SavedTheme, game: MemoryGame<String>, lastChoice: LastChoice? = nil) {
        self.slot = slot
        self.theme = theme
        self.game = game
        self.lastChoice = lastChoice
    }
}
