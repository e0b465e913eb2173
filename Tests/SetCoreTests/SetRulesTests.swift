import PropertyBased
import SeededRandom
import SetCore
import Testing

struct SetRulesTests {
    /// The definition, checked feature by feature with no shortcuts.
    static func isSetByDefinition(_ cards: [SetCard]) -> Bool {
        guard Set(cards).count == 3 else { return false }
        return SetCardFeature.allCases.allSatisfy { feature in
            Set(cards.map { $0[feature] }).count != 2
        }
    }

    // MARK: - Three cards

    @Test func predicateAgreesWithTheDefinitionOnAllTriples() {
        var triples = 0
        var sets = 0
        let cards = SetCard.allCards
        for first in 0..<81 {
            for second in (first + 1)..<81 {
                for third in (second + 1)..<81 {
                    let trio = [cards[first], cards[second], cards[third]]
                    let expected = Self.isSetByDefinition(trio)
                    triples += 1
                    if expected { sets += 1 }
                    // Every order of the three gives the same answer.
                    #expect(SetRules.isSet(trio[0], trio[1], trio[2]) == expected)
                    #expect(SetRules.isSet(trio[2], trio[0], trio[1]) == expected)
                    #expect(SetRules.isSet(trio[1], trio[2], trio[0]) == expected)
                }
            }
        }
        #expect(triples == 85_320)
        #expect(sets == 1080)
    }

    @Test func repeatedCardsAreNeverASet() {
        for card in SetCard.allCards {
            #expect(!SetRules.isSet(card, card, card))
            let other = SetCard(id: (card.id + 1) % 81)!
            #expect(!SetRules.isSet(card, card, other))
            #expect(!SetRules.isSet(card, other, card))
            #expect(!SetRules.isSet(other, card, card))
        }
    }

    @Test func everyPairHasExactlyOneCompletingCard() {
        for first in SetCard.allCards {
            for second in SetCard.allCards where second != first {
                let completing = SetCard.allCards.filter { Self.isSetByDefinition([first, second, $0]) }
                #expect(completing == [SetRules.completingCard(for: first, and: second)])
            }
        }
    }

    // MARK: - Many cards

    @Test func thereAre1080SetsAmongAllCards() {
        let sets = SetRules.allSets(in: SetCard.allCards)
        #expect(sets.count == 1080)
        #expect(Set(sets).count == 1080)
        #expect(sets.allSatisfy { Self.isSetByDefinition($0.cards) })
    }

    @Test func allSetsMatchesABruteForceSearch() async {
        await propertyCheck(count: 300, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...24)) {
            seed, size in
            var generator = SeededGenerator(seed: seed)
            let cards = Array(SetCard.shuffledDeck(using: &generator).prefix(size))
            var expected: Set<[SetCard]> = []
            for first in cards.indices {
                for second in cards.indices where second > first {
                    for third in cards.indices where third > second {
                        let trio = [cards[first], cards[second], cards[third]]
                        if Self.isSetByDefinition(trio) { expected.insert(trio.sorted()) }
                    }
                }
            }
            let found = SetRules.allSets(in: cards)
            #expect(found.count == expected.count)
            #expect(Set(found.map(\.cards)) == expected)
            #expect(SetRules.containsSet(cards) == !expected.isEmpty)
            #expect(SetRules.firstSet(in: cards) == found.first)
        }
    }

    @Test func repeatedCardsInACollectionAreIgnored() {
        let cards = Fixtures.set + Fixtures.set
        #expect(SetRules.allSets(in: cards) == [SetTrio(Fixtures.set[0], Fixtures.set[1], Fixtures.set[2])!])
    }

    @Test func sixteenCardsWithoutAThirdValueHoldNoSet() {
        #expect(Fixtures.cardsWithoutSet.count == 16)
        #expect(!SetRules.containsSet(Fixtures.cardsWithoutSet))
        #expect(SetRules.allSets(in: Fixtures.cardsWithoutSet).isEmpty)
    }

    // MARK: - Trios

    @Test func trioIsCanonicalAndRefusesNonSets() {
        let set = Fixtures.set
        #expect(SetTrio(set[2], set[0], set[1]) == SetTrio(set[0], set[1], set[2]))
        #expect(SetTrio(set[2], set[0], set[1])?.cards == set.sorted())
        #expect(SetTrio(Fixtures.nonSet[0], Fixtures.nonSet[1], Fixtures.nonSet[2]) == nil)
    }
}
