/// Integer totals over a batch of simulated games; batches add up exactly, in any order.
struct SimulationTally: Sendable {
    /// The variant's table size: 12, or 9 in Junior.
    let tableSize: Int
    /// Games played.
    var games = 0
    /// Games whose first deal held no match.
    var firstDealsWithoutSet = 0
    /// Matches in the first deal, summed over games.
    var firstDealSets = 0
    /// Games whose table never held more than ``tableSize`` cards.
    var gamesNeverAbove12 = 0
    /// Matches found, summed over games.
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
        if game.largestTable <= tableSize { gamesNeverAbove12 += 1 }
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
