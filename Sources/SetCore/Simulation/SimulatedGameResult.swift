/// What the simulation remembers about one bot game.
struct SimulatedGameResult: Hashable, Sendable {
    /// How many Sets the first 12 cards held.
    var firstDealSets: Int
    /// The most cards the table held at once.
    var largestTable: Int
    /// How many cards were left on the table when the game ended.
    var cardsLeftAtEnd: Int
    /// How many Sets the bot took.
    var setsFound: Int
}
