import MemorizeCore

/// A game in progress as stored: the engine's game, the theme it was dealt from, what the last
/// choice did (for the page's announcement), and the deal's number.
package struct SavedMemorizeGame: Equatable, Sendable {
    package var slot: MemorizeSlot
    package var theme: SavedTheme
    package var game: MemoryGame<String>
    package var lastChoice: MemorizeLastChoice?
    /// Which deal this is: a random number each deal gets, which the page's taps carry, so a tap
    /// made on a page showing an earlier game is turned down. Games dealt before deals were
    /// numbered are deal 0.
    package var deal: Int64
    /// Whether this game was dealt in place of one that could not be read (it was moved to the
    /// quarantine): the page says so until the first choice. Kept in place of the last choice.
    package var isDealtInPlaceOfSetAside: Bool

    package init(
        slot: MemorizeSlot, theme: SavedTheme, game: MemoryGame<String>,
        lastChoice: MemorizeLastChoice? = nil,
        deal: Int64 = 0, isDealtInPlaceOfSetAside: Bool = false
    ) {
        self.slot = slot
        self.theme = theme
        self.game = game
        self.lastChoice = lastChoice
        self.deal = deal
        self.isDealtInPlaceOfSetAside = isDealtInPlaceOfSetAside
    }

    /// A new deal's number: 1 through 2⁵³ − 1 (exact as a JavaScript number), at random.
    static func newDeal(using generator: inout some RandomNumberGenerator) -> Int64 {
        Int64.random(in: 1...ThemeID.maximum, using: &generator)
    }
}
