import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import Testing

/// Invariants that hold for any game and any sequence of choices.
@Suite struct MemoryGamePropertyTests {
    static let choices = Gen.int(in: 0...10_000).array(of: 0...150)
    static let pairs = Gen.int(in: 1...12)
    static let seeds = Gen.int(in: 0...Int.max)

    /// Plays `choices` (card positions, wrapped, a second apart) on a seeded game with a speed bonus,
    /// handing each step to `observe` with the game before and after and what happened.
    func play(
        pairs: Int,
        seed: Int,
        choices: [Int],
        observe: (
            _ before: MemoryGame<Int>, _ chosen: MemoryGame<Int>.Card, _ outcome: ChoiceOutcome,
            _ after: MemoryGame<Int>
        ) -> Void
    ) -> MemoryGame<Int> {
        var generator = SeededGenerator(seed: UInt64(seed))
        var game = MemoryGame(numberOfPairsOfCards: pairs, speedBonus: .standard, using: &generator) { $0 }
        for (step, choice) in choices.enumerated() {
            let before = game
            let card = game.cards[choice % game.cards.count]
            let outcome = game.choose(card, at: .fixtureStart + Double(step) * 1.5)
            observe(before, card, outcome, game)
        }
        return game
    }

    @Test func atMostTwoUnmatchedCardsAreFaceUp() async {
        await propertyCheck(input: Self.pairs, Self.seeds, Self.choices) { pairs, seed, choices in
            _ = play(pairs: pairs, seed: seed, choices: choices) { _, _, _, after in
                #expect(after.cards.filter { $0.isFaceUp && !$0.isMatched }.count <= 2)
            }
        }
    }

    @Test func matchedCardsComeInEqualPairs() async {
        await propertyCheck(input: Self.pairs, Self.seeds, Self.choices) { pairs, seed, choices in
            let game = play(pairs: pairs, seed: seed, choices: choices) { _, _, _, _ in }
            let matched = Dictionary(grouping: game.cards.filter(\.isMatched), by: \.content)
            #expect(matched.values.allSatisfy { $0.count == 2 })
            #expect(game.scoreBreakdown.matchPoints == 2 * matched.count)
        }
    }

    /// The score is the sum of what each choice reported, and each mismatch costs exactly the
    /// cards an outside observer saw turn face up and then face down earlier.
    @Test func scoreIsTheSumOfItsParts() async {
        await propertyCheck(input: Self.pairs, Self.seeds, Self.choices) { pairs, seed, choices in
            var observedSeen = Set<Int>()
            var expectedPenalties = 0
            var reportedPoints = 0
            let game = play(pairs: pairs, seed: seed, choices: choices) { before, chosen, outcome, after in
                let faceUpBefore = Set(before.cards.filter(\.isFaceUp).map(\.id))
                if case .mismatched(let penalty) = outcome {
                    let other = faceUpBefore.first!
                    expectedPenalties += [chosen.id, other].filter(observedSeen.contains).count
                    reportedPoints -= penalty
                }
                if case .matched(let points) = outcome {
                    reportedPoints += points
                }
                let faceUpAfter = Set(after.cards.filter(\.isFaceUp).map(\.id))
                observedSeen.formUnion(faceUpBefore.subtracting(faceUpAfter))
            }
            let parts = game.scoreBreakdown
            #expect(parts.mismatchPenalties == expectedPenalties)
            #expect(game.score == parts.matchPoints + parts.speedBonusPoints - parts.mismatchPenalties)
            #expect(game.score == reportedPoints)
        }
    }

    /// From any position, choosing the first unmatched card and then its partner, over and over,
    /// ends the game within two attempts (four choices) per pair.
    @Test func aGameAlwaysEndsAfterEnoughChoices() async {
        await propertyCheck(input: Self.pairs, Self.seeds, Self.choices) { pairs, seed, choices in
            var game = play(pairs: pairs, seed: seed, choices: choices) { _, _, _, _ in }
            var choicesLeft = 2 * game.cards.count
            while !game.isOver, choicesLeft > 0, let next = game.cards.first(where: { !$0.isMatched }) {
                let partner = game.cards.first { $0.content == next.content && $0.id != next.id }!
                game.choose(next, at: .fixtureStart)
                game.choose(partner, at: .fixtureStart)
                choicesLeft -= 2
            }
            #expect(game.isOver)
        }
    }
}
