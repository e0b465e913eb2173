import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import Testing

/// A computer opponent for Memorize: it sees what players see, remembers what was face up, and
/// forgets at its level's rate.
struct MemoryBotTests {
    private let start = Date.fixtureStart

    @Test func theTableInSightShowsOnlyFaceUpCardsContent() {
        var game = MemoryGame.fixture(["🐸", "🦊", "🐼"])
        #expect(game.cardsInSight.allSatisfy { $0.face == .down })
        let frogs = game.cards(showing: "🐸")
        game.choose(frogs[0], at: start)
        let sight = game.cardsInSight
        #expect(sight.first { $0.id == frogs[0].id }?.face == .up("🐸"))
        #expect(sight.filter { $0.id != frogs[0].id }.allSatisfy { $0.face == .down })
        game.choose(frogs[1], at: start)
        #expect(
            game.cardsInSight.filter { $0.face == .matched }.map(\.id).sorted() == frogs.map(\.id).sorted())
    }

    @Test func aBotThatSawBothCardsOfAPairTurnsThem() {
        var game = MemoryGame.fixture(["🐸", "🦊", "🐼"])
        let (frogs, foxes, pandas) = (
            game.cards(showing: "🐸"), game.cards(showing: "🦊"), game.cards(showing: "🐼")
        )
        var bot = MemoryBot<String>(level: .expert)
        // A frog and a fox, then the other frog and a panda: both mismatches, seen face up.
        game.flip(frogs[0], foxes[0])
        bot.look(at: game.cardsInSight)
        game.flip(frogs[1], pandas[0])
        bot.look(at: game.cardsInSight)
        game.turnMismatchBack()
        var generator = SeededGenerator(seed: 1)
        let first = bot.choice(among: game.cardsInSight, using: &generator)
        #expect(first == min(frogs[0].id, frogs[1].id))
        game.choose(game.cards.first { $0.id == first }!, at: start)
        bot.look(at: game.cardsInSight)
        let second = bot.choice(among: game.cardsInSight, using: &generator)
        #expect(second == max(frogs[0].id, frogs[1].id))
    }

    @Test func theSecondCardIsTheRememberedPairOfTheFirst() {
        var game = MemoryGame.fixture(["🐸", "🦊", "🐼"])
        let (frogs, foxes) = (game.cards(showing: "🐸"), game.cards(showing: "🦊"))
        var bot = MemoryBot<String>(level: .expert)
        game.flip(frogs[0], foxes[0])
        bot.look(at: game.cardsInSight)
        game.choose(frogs[1], at: start)
        bot.look(at: game.cardsInSight)
        var generator = SeededGenerator(seed: 1)
        #expect(bot.choice(among: game.cardsInSight, using: &generator) == frogs[0].id)
    }

    @Test func aBotWithNothingRememberedTurnsACardItHasNotSeen() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var game = MemoryGame.fixture(["🐸", "🦊", "🐼", "🐙"], seed: seed)
            var bot = MemoryBot<String>(level: .casual)
            let foxes = game.cards(showing: "🦊")
            game.choose(foxes[0], at: start)
            bot.look(at: game.cardsInSight)
            game.turnLoneCardBack()
            var generator = SeededGenerator(seed: seed)
            let choice = bot.choice(among: game.cardsInSight, using: &generator)
            #expect(
                choice != nil && choice != foxes[0].id,
                "the one fox it saw, and has no pair for, is not turned")
        }
    }

    @Test func botsNeverTurnAFaceUpOrMatchedCardAndFinishEveryGame() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...12)) {
            seed, pairs in
            var generator = SeededGenerator(seed: seed)
            let result = MemoryBotStatistics.simulate(games: 1, pairs: pairs, seed: generator.next())
            #expect(result.pairsPerGame.map(\.pairsPerGame).reduce(0, +) == Double(pairs))
        }
    }

    @Test func forgettingFollowsTheLevelsChance() {
        var generator = SeededGenerator(seed: 3)
        let cards = (0..<40).map { MemoryCardSight<Int>(id: $0, face: .up($0 / 2)) }
        for level in MemoryBotLevel.allCases {
            var kept = 0
            let rounds = 250
            for _ in 0..<rounds {
                var bot = MemoryBot<Int>(level: level)
                bot.look(at: cards)
                bot.forget(using: &generator)
                kept += bot.memory.count
            }
            // 10,000 cards, each kept with chance 1 − p: within five standard deviations.
            let trials = Double(rounds * cards.count)
            let expected = trials * (1 - level.forgetChance)
            let spread = 5 * (trials * level.forgetChance * (1 - level.forgetChance)).squareRoot()
            #expect(abs(Double(kept) - expected) <= spread, "\(level): kept \(kept) of \(Int(trials))")
        }
    }

    @Test func aBetterMemoryWinsMorePairs() {
        let statistics = MemoryBotStatistics.simulate(games: 2000, pairs: 8, seed: 4)
        let pairs = statistics.pairsPerGame.map(\.pairsPerGame)
        #expect(statistics.pairsPerGame.map(\.level) == MemoryBotLevel.allCases)
        #expect(pairs == pairs.sorted(), "beginner to expert: \(pairs)")
        #expect(pairs.reduce(0, +) == 8)
    }
}
