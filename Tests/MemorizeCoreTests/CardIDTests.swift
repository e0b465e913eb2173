import MemorizeCore
import SeededRandom
import Testing

/// A card's id is all a player sees of a face-down card, so no rule on ids may find a pair
/// better than a blind guess.
@Suite struct CardIDTests {
    /// Rules a player who reads ids might try: the card whose id differs in the last bit (the
    /// same pair index if ids were given per pair), the next id, the next id of the same parity,
    /// and the id mirrored from the end.
    static let guesses: [(name: String, partner: @Sendable (_ id: Int, _ count: Int) -> Int)] = [
        ("same pair index (id ^ 1)", { id, _ in id ^ 1 }),
        ("adjacent (id + 1)", { id, _ in id + 1 }),
        ("same parity (id + 2)", { id, _ in id + 2 }),
        ("mirrored (count - 1 - id)", { id, count in count - 1 - id }),
    ]

    @Test func idsAreTheFirstLayoutsPlaces() {
        var generator = SeededGenerator(seed: 41)
        let game = MemoryGame(numberOfPairsOfCards: 8, using: &generator) { $0 }
        #expect(game.cards.map(\.id) == Array(0..<16))
    }

    @Test(arguments: [2, 6, 8, 12])
    func noRuleOnIdsFindsAPairBetterThanChance(pairs: Int) {
        var generator = SeededGenerator(seed: UInt64(pairs))
        let deals = 300
        let count = pairs * 2
        // A blind guess of a card's partner among the others is right once in count - 1.
        let chance = 1.0 / Double(count - 1)
        for guess in Self.guesses {
            var tries = 0
            var pairsFound = 0
            for _ in 0..<deals {
                let game = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { $0 }
                let contentByID = Dictionary(uniqueKeysWithValues: game.cards.map { ($0.id, $0.content) })
                for card in game.cards {
                    let partner = guess.partner(card.id, count)
                    guard partner != card.id, let content = contentByID[partner] else { continue }
                    tries += 1
                    if content == card.content { pairsFound += 1 }
                }
            }
            let rate = Double(pairsFound) / Double(tries)
            // Thousands of tries put a blind guess within a fraction of `chance` of it; a rule
            // that sees the pairs would find them every time.
            #expect(rate < chance * 1.5, "\(guess.name): \(pairsFound) pairs in \(tries) tries")
            #expect(rate > chance * 0.5, "\(guess.name): \(pairsFound) pairs in \(tries) tries")
        }
    }
}
