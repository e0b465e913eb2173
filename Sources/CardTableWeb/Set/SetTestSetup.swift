import SetCore

/// A start position for a test (never offered to players): a seeded shuffle, or exactly these
/// cards on the table, in the deck (dealt from the front) and in the discard pile.
package struct SetTestSetup: Decodable, Sendable {
    /// Shuffles the deck with a generator seeded with this, when no table is given.
    package var seed: UInt64?
    /// The variant (`normal` unless told otherwise), or, as before there were variants, `solo` or
    /// `two-player`.
    var mode: SetModeField?
    /// Solo unless told otherwise (or unless `mode` says two players).
    package var players: SetPlayMode?
    /// The cards on the table, in order (up to all 81).
    package var table: [SetCard]?
    /// The cards still to be dealt, next first; empty when a table is given without a deck.
    package var deck: [SetCard]?
    /// The matched cards, whole matches in order.
    package var discardPile: [SetCard]?
    /// In Set-Chain, the Set taken last.
    package var previousSet: [SetCard]?

    /// Why the setup does not describe one start position: a seed with cards, or a deck without
    /// a table; `nil` when it does.
    package var problem: String? {
        if seed != nil, table != nil || deck != nil || discardPile != nil || previousSet != nil {
            return "Give either a seed or the cards, not both."
        }
        if table == nil, deck != nil || discardPile != nil || previousSet != nil {
            return "A deck or discard pile needs a table."
        }
        return nil
    }

    /// A setup.
    init(
        seed: UInt64? = nil, mode: SetModeField? = nil, players: SetPlayMode? = nil, table: [SetCard]? = nil,
        deck: [SetCard]? = nil, discardPile: [SetCard]? = nil
    ) {
        self.seed = seed
        self.mode = mode
        self.players = players
        self.table = table
        self.deck = deck
        self.discardPile = discardPile
    }
}
