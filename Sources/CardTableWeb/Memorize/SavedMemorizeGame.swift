import MemorizeCore

/// A game in progress as stored: the engine's game, the theme it was dealt from, and what the
/// last choice did (for the page's announcement).
public struct SavedMemorizeGame: Equatable, Sendable {
    public var slot: MemorizeSlot
    public var theme: SavedTheme
    public var game: MemoryGame<String>
    public var lastChoice: MemorizeLastChoice?

    public init(
        slot: MemorizeSlot, theme: SavedTheme, game: MemoryGame<String>, lastChoice: MemorizeLastChoice? = nil
    ) {
        self.slot = slot
        self.theme = theme
        self.game = game
        self.lastChoice = lastChoice
    }
}
