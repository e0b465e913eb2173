import Foundation
import MemorizeCore
import SeededRandom
import Testing

/// Proof that a bot never knows a face-down card: over many deals, the first turn of a game
/// (a bot that has seen nothing) matches as often as blind chance, no more.
struct MemoryBotFirstPickTests {
    @Test(arguments: MemoryBotLevel.allCases, [2, 8, 20])
    func aBotsFirstTurnMatchesNoMoreOftenThanBlindChance(level: MemoryBotLevel, pairs: Int) {
        let deals = 20_000
        let matches = MemoryBotStatistics.firstTurnMatches(
            deals: deals, pairs: pairs, level: level, seed: UInt64(pairs))
        let chance = 1 / Double(2 * pairs - 1)
        let mean = Double(deals) * chance
        let deviation = (mean * (1 - chance)).squareRoot()
        #expect(Double(matches) <= mean + 4 * deviation, "\(matches) of \(deals), chance \(mean)")
        // Nor much less: the bot turns cards at random, not away from pairs.
        #expect(Double(matches) >= mean - 4 * deviation, "\(matches) of \(deals), chance \(mean)")
    }

    @Test func theFiguresOfWholeGamesSayTheSame() {
        let statistics = MemoryBotStatistics.simulate(games: 2_000, pairs: 6, seed: 3)
        #expect(statistics.firstTurnChance == 1.0 / 11)
        #expect(Double(statistics.firstTurnMatches) <= statistics.firstTurnBound)
    }

    /// The bound catches a bot that peeks: one that knew the first card's pair would match every
    /// first turn.
    @Test func aPeekingBotWouldBreakTheBound() {
        let pairs = 8
        var generator = SeededGenerator(seed: 1)
        var matches = 0
        let games = 20_000
        for _ in 0..<games {
            let game = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { $0 }
            // Peeking: the first card at random, then a look under the others for its pair, half the time.
            let first = game.cards.randomElement(using: &generator)!
            let peeks = Bool.random(using: &generator)
            let second =
                peeks
                ? game.cards.first { $0.id != first.id && $0.content == first.content }!
                : game.cards.filter { $0.id != first.id }.randomElement(using: &generator)!
            if second.content == first.content { matches += 1 }
        }
        let chance = 1 / Double(2 * pairs - 1)
        let mean = Double(games) * chance
        #expect(Double(matches) > mean + 4 * (mean * (1 - chance)).squareRoot())
    }
}
