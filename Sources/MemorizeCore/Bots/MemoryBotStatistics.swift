import Foundation
import SeededRandom

/// Computer opponents playing Memorize against one another at a turn-based table, to show how
/// the levels differ and that no bot knows a face-down card; the figures of
/// `cardtable simulate memory-bots`.
public struct MemoryBotStatistics: Codable, Hashable, Sendable {
    /// Games played.
    public var games: Int
    /// Pairs in each game.
    public var pairs: Int
    public var seed: UInt64
    /// The first turn of every game (a bot that has seen nothing yet): how many turns matched.
    public var firstTurnMatches: Int
    /// The chance a blind first turn matches: 1 in (2 × pairs − 1).
    public var firstTurnChance: Double
    /// The most first-turn matches blind chance plausibly gives: its mean plus four standard
    /// deviations (a binomial count of `games` tries).
    public var firstTurnBound: Double {
        let mean = Double(games) * firstTurnChance
        return mean + 4 * (mean * (1 - firstTurnChance)).squareRoot()
    }

    /// Each level's pairs per game, from the weakest memory to the strongest.
    public var pairsPerGame: [SeatFigures]

    /// One level's share of the pairs.
    public struct SeatFigures: Codable, Hashable, Sendable {
        public var level: MemoryBotLevel
        public var pairsPerGame: Double
    }

    /// Plays `games` games of `pairs` pairs, each at a table of one bot of every level (the
    /// seats turn round from game to game, so no level always starts), with all randomness
    /// from `seed`.
    public static func simulate(games: Int, pairs: Int, seed: UInt64) -> MemoryBotStatistics {
        var generator = SeededGenerator(seed: seed)
        let levels = MemoryBotLevel.allCases
        var firstTurnMatches = 0
        var pairsByLevel = [MemoryBotLevel: Int]()
        for index in 0..<max(games, 0) {
            let seating = levels.indices.map { levels[($0 + index) % levels.count] }
            let result = playGame(seating: seating, pairs: pairs, using: &generator)
            if result.firstTurnMatched { firstTurnMatches += 1 }
            for (seat, level) in seating.enumerated() {
                pairsByLevel[level, default: 0] += result.pairs[seat]
            }
        }
        return MemoryBotStatistics(
            games: games, pairs: pairs, seed: seed, firstTurnMatches: firstTurnMatches,
            firstTurnChance: 1 / Double(2 * pairs - 1),
            pairsPerGame: levels.map {
                SeatFigures(level: $0, pairsPerGame: Double(pairsByLevel[$0] ?? 0) / Double(max(games, 1)))
            })
    }

    /// How many of `deals` fresh deals of `pairs` pairs a bot of `level` matched on the game's
    /// first turn, with all randomness from `seed`: the first-turn figure of ``simulate(games:pairs:seed:)``
    /// alone, without playing the games on.
    public static func firstTurnMatches(
        deals: Int, pairs: Int, level: MemoryBotLevel, seed: UInt64
    ) -> Int {
        var generator = SeededGenerator(seed: seed)
        var matches = 0
        for _ in 0..<max(deals, 0) {
            var game = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { $0 }
            var bot = MemoryBot<Int>(level: level)
            let now = Date(timeIntervalSinceReferenceDate: 0)
            for _ in 0..<2 {
                bot.forget(using: &generator)
                guard let id = bot.choice(among: game.cardsInSight, using: &generator),
                    let card = game.cards.first(where: { $0.id == id })
                else { break }
                if case .matched = game.choose(card, at: now) { matches += 1 }
                bot.look(at: game.cardsInSight)
            }
        }
        return matches
    }

    /// One game: every bot looks at the table after each card turned, and the bot whose turn it
    /// is forgets before its turn's first card.
    static func playGame(
        seating: [MemoryBotLevel], pairs: Int, using generator: inout some RandomNumberGenerator
    ) -> (pairs: [Int], firstTurnMatched: Bool) {
        let deal = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { $0 }
        var table = TurnBasedMemoryGame(deal, seatCount: seating.count)
        var bots = seating.map { MemoryBot<Int>(level: $0) }
        var turnsPlayed = 0
        var firstTurnMatched = false
        let now = Date(timeIntervalSinceReferenceDate: 0)
        play: while !table.isOver {
            let seat = table.turn
            let cards = table.game.cardsInSight
            let startsATurn = cards.filter { $0.visibleContent != nil }.count != 1
            if startsATurn { bots[seat].forget(using: &generator) }
            guard let choice = bots[seat].choice(among: cards, using: &generator) else { break }
            let outcome = table.choose(cardID: choice, by: seat, at: now)
            let sight = table.game.cardsInSight
            for index in bots.indices { bots[index].look(at: sight) }
            switch outcome {
            case .matched, .mismatched:
                if turnsPlayed == 0, case .matched = outcome { firstTurnMatched = true }
                turnsPlayed += 1
            case .turnedUp:
                break
            case .refused:
                break play
            }
        }
        return (table.pairs, firstTurnMatched)
    }
}
