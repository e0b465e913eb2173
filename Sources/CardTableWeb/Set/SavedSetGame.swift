import SetCore

/// A player's Set table as stored: the engine's game, what the last move did and any claim that
/// ran out before it (for the page's announcement), and whether the player plays in color-blind mode.
package struct SavedSetGame: Hashable, Sendable {
    /// The game in progress.
    package var game: SetGame
    /// What the most recent request did, so the page can say it after a redirect.
    package var lastMove: SetLastMove?
    /// A claim that ran out of time when the most recent move was made, announced before the move.
    package var timeout: SetTimeout?
    /// Whether the cards are drawn with the color-blind palette and letter cues (extra credit 8).
    package var colorBlind: Bool
    /// How many moves the table has seen; every form carries it, and a post made from an older
    /// page (a double post, another tab) is turned down.
    package var version: Int

    /// A saved game.
    package init(
        game: SetGame, lastMove: SetLastMove? = nil, timeout: SetTimeout? = nil, colorBlind: Bool = false,
        version: Int = 0
    ) {
        self.game = game
        self.lastMove = lastMove
        self.timeout = timeout
        self.colorBlind = colorBlind
        self.version = version
    }
}
