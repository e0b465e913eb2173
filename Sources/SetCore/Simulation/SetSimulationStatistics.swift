/// What bots playing many games of Set found; the JSON shape of `cardtable simulate set --json`.
public struct SetSimulationStatistics: Codable, Hashable, Sendable {
    /// Games played.
    public var games: Int
    /// The seed every game's randomness derives from.
    public var seed: UInt64
    /// Which game of Set was played; `nil` when read from a report made before there were modes.
    public var mode: SetVariant?
    /// The share of games whose first deal (12 cards; 9 in Junior) held no match.
    public var firstDealNoSetRate: Double
    /// The mean number of matches in the first deal.
    public var firstDealMeanSets: Double
    /// The share of games whose table never held more cards than the first deal (the name is
    /// kept from when every game dealt 12).
    public var neverAbove12Rate: Double
    /// For each number of cards left on the table at the end (as a string), the share of games.
    public var cardsLeftAtEnd: [String: Double]
    /// The mean number of matches found per game.
    public var meanSetsFound: Double
    /// The most cards any table held at once.
    public var largestTable: Int
    /// How fast the games were played; the only field that differs between runs with the same seed.
    public var gamesPerSecond: Double

    /// The statistics of `tally`, played from `seed` in `seconds`.
    init(tally: SimulationTally, seed: UInt64, variant: SetVariant, seconds: Double) {
        let games = max(tally.games, 1)
        func share(_ count: Int) -> Double { Double(count) / Double(games) }
        self.games = tally.games
        self.seed = seed
        mode = variant
        firstDealNoSetRate = share(tally.firstDealsWithoutSet)
        firstDealMeanSets = share(tally.firstDealSets)
        neverAbove12Rate = share(tally.gamesNeverAbove12)
        cardsLeftAtEnd = Dictionary(
            uniqueKeysWithValues: tally.cardsLeftAtEnd.enumerated()
                .filter { $0.element > 0 }
                .map { (String($0.offset), share($0.element)) }
        )
        meanSetsFound = share(tally.setsFound)
        largestTable = tally.largestTable
        gamesPerSecond = seconds > 0 ? Double(tally.games) / seconds : 0
    }

    /// These statistics with ``gamesPerSecond`` zeroed, for comparing runs.
    public var ignoringSpeed: SetSimulationStatistics {
        var statistics = self
        statistics.gamesPerSecond = 0
        return statistics
    }
}
