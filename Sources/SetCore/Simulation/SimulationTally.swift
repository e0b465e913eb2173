/// Integer totals over a batch of simulated games; batches add up exactly, in any order.
struct SimulationTally: Sendable {
    /// Games played.
    var games = 0
    /// Games whose first 12 cards held no Set.
    var firstDealsWithoutSet = 0
    /// Sets among the first 12 cards, summed over games.
    var firstDealSets = 0
    /// Games whose table never held more than 12 cards.
    var gamesNeverAbove12 = 0
    /// Sets found, summed over games.
    var setsFound = 0
    /// The most cards any table held.
    var largestTable = 0
    /// `cardsLeftAtEnd[n]` counts the games that ended with `n` cards on the table.
    var cardsLeftAtEnd = [Int](repeating: 0, count: SetCard.deckSize + 1)

    /// Counts one finished game.
    mutating func record(_ game: SimulatedGameResult) {
        games += 1
        firstDealSets += game.firstDealSets
        if game.firstDealSets == 0 { firstDealsWithoutSet += 1 }
        if game.largestTable <= SetGame.standardTableSize { gamesNeverAbove12 += 1 }
        setsFound += game.setsFound
        largestTable = max(largestTable, game.largestTable)
        cardsLeftAtEnd[game.cardsLeftAtEnd] += 1
    }

    /// Adds another batch's totals to these.
    mutating func add(_ other: SimulationTally) {
        games += other.games
        firstDealsWithoutSet += other.firstDealsWithoutSet
        firstDealSets += other.firstDealSets
        gamesNeverAbove12 += other.gamesNeverAbove12
        setsFound += other.setsFound
        largestTable = max(largestTable, other.largestTable)
        for cards in cardsLeftAtEnd.indices {
            cardsLeftAtEnd[cards] += other.cardsLeftAtEnd[cards]
        }
    }
}
