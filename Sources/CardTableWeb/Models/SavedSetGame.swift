import SetCore

/// A player's Set table as stored: the engine's game, what the last move did (for the page's
/// announcement), and whether the player plays in color-blind mode.
public struct SavedSetGame: Sendable {
    /// The game in progress.
    public var game: SetGame
    /// What the most recent request did, so the page can say it after a redirect.
    public var lastMove: SetLastMove?
    /// Whether the cards are drawn with the color-blind palette and letter cues (extra credit 8).
    public var colorBlind: Bool

    /// A saved game.
    public init(game: SetGame, lastMove: SetLastMove? = nil, colorBlind: Bool = false) {
        self.game = game
        self.lastMove = lastMove
        self.colorBlind = colorBlind
    }
}
