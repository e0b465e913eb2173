import SeededRandom

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How computer opponents of each level played against one another; the JSON shape of
/// `cardtable simulate bots --json`.
public struct SetBotStatistics: Codable, Hashable, Sendable {
    /// Games played.
    public var games: Int
    /// The seed every game's randomness derives from.
    public var seed: UInt64
    public var mode: SetVariant
    /// The mean length of a game, in seconds of play.
    public var meanGameSeconds: Double
    /// Each level's figures, from the slowest level to the fastest.
    public var levels: [Level]

    /// One level's figures.
    public struct Level: Codable, Hashable, Sendable {
        public var level: SetBotLevel
        /// The median seconds the level takes to find a match, over every table it searched.
        public var medianSecondsPerMatch: Double
        /// The 90th percentile of the same.
        public var p90SecondsPerMatch: Double
        /// The median seconds on a first deal.
        public var medianSecondsOnFirstDeal: Double
        /// The matches it took, per game.
        public var matchesPerGame: Double
        /// Its claims that were no match, per game.
        public var wrongClaimsPerGame: Double
    }

    /// Plays `games` games of `variant`, each at a table of one bot of every level, with all
    /// randomness from `seed`.
    public static func simulate(games: Int, seed: UInt64, variant: SetVariant) -> SetBotStatistics {
        var generator = SeededGenerator(seed: seed)
        let match = SetBotMatch(bots: SetBotLevel.allCases.map(SetBot.init(level:)), variant: variant)
        var tally = SetBotTally()
        for _ in 0..<max(games, 0) { match.play(using: &generator, into: &tally) }
        return SetBotStatistics(tally: tally, seed: seed, variant: variant)
    }

    init(tally: SetBotTally, seed: UInt64, variant: SetVariant) {
        let games = Double(max(tally.games, 1))
        self.games = tally.games
        self.seed = seed
        mode = variant
        meanGameSeconds = tally.seconds / games
        levels = SetBotLevel.allCases.map { level in
            let figures = tally.levels[level] ?? .init()
            let times = figures.secondsToFind.sorted()
            return Level(
                level: level, medianSecondsPerMatch: Self.quantile(0.5, of: times),
                p90SecondsPerMatch: Self.quantile(0.9, of: times),
                medianSecondsOnFirstDeal: Self.quantile(0.5, of: figures.secondsToFindOnFirstDeal.sorted()),
                matchesPerGame: Double(figures.matchesTaken) / games,
                wrongClaimsPerGame: Double(figures.wrongClaims) / games)
        }
    }

    /// The value below which a share `q` of the sorted `values` lie (the nearest rank); 0 when empty.
    static func quantile(_ q: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((q * Double(values.count)).rounded(.up))
        return values[min(max(rank, 1), values.count) - 1]
    }
}
