import Foundation
import PropertyBased
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// The rules of each variant, checked against definitions written from the card features alone.
struct SetVariantRulesTests {
    // MARK: - Oracles

    /// Whether, in every feature, the values of `pairOne` and `pairTwo` add up alike modulo 3:
    /// then one card completes both pairs (the completing value is minus the sum).
    static func shareCompletingCard(_ pairOne: (SetCard, SetCard), _ pairTwo: (SetCard, SetCard)) -> Bool {
        SetCardFeature.allCases.allSatisfy { feature in
            let one = Int(pairOne.0[feature].rawValue) + Int(pairOne.1[feature].rawValue)
            let two = Int(pairTwo.0[feature].rawValue) + Int(pairTwo.1[feature].rawValue)
            return (one - two) % 3 == 0
        }
    }

    /// Whether four distinct cards are an UltraSet, by trying the three ways to pair them.
    static func isUltraSet(_ cards: [SetCard]) -> Bool {
        let (a, b, c, d) = (cards[0], cards[1], cards[2], cards[3])
        return shareCompletingCard((a, b), (c, d)) || shareCompletingCard((a, c), (b, d))
            || shareCompletingCard((a, d), (b, c))
    }

    /// Whether three cards are a Set: every feature all-same or all-different.
    static func isSet(_ cards: [SetCard]) -> Bool {
        SetCardFeature.allCases.allSatisfy { feature in
            Set(cards.map { $0[feature] }).count != 2
        }
    }

    /// Every `size`-card subset of `cards`, as positions in ascending order.
    static func subsets(of count: Int, size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard count >= size else { return [] }
        return subsets(of: count - 1, size: size)
            + subsets(of: count - 1, size: size - 1).map { $0 + [count - 1] }
    }

    static let tables = Gen.int(in: 0...80).array(of: 4...18).map { ids in
        Array(Set(ids)).sorted().compactMap(SetCard.init(id:))
    }

    // MARK: - Junior

    @Test func juniorDealsTheTwentySevenSolidCardsNineAtATime() {
        let cards = SetVariant.junior.cards
        #expect(cards.count == 27)
        #expect(cards.allSatisfy { $0.shading == .first })
        #expect(SetVariant.junior.tableSize == 9)
        #expect(SetVariant.allCases.filter { $0 != .junior }.allSatisfy { $0.cards == SetCard.allCards })
        #expect(SetCard.allCards.filter(SetVariant.junior.contains) == cards)
    }

    @Test func everyJuniorTrioIsASetExactlyWhenItsThreeFeaturesAreAllSameOrAllDifferent() {
        let cards = SetVariant.junior.cards
        var sets = 0
        for positions in Self.subsets(of: cards.count, size: 3) {
            let trio = positions.map { cards[$0] }
            let isSet = SetVariant.junior.match(trio) != nil
            #expect(isSet == Self.isSet(trio), "\(trio)")
            if isSet { sets += 1 }
        }
        // Any two of the 27 cards are completed by exactly one other: 27 × 26 / 6 Sets.
        #expect(sets == 117)
        #expect(SetVariant.junior.matches(onTable: cards).count == 117)
    }

    @Test func shufflingNormalDecksIsUnchangedAndJuniorShufflesItsOwnCards() async {
        await propertyCheck(count: 50, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            for variant in [SetVariant.normal, .chain, .ultra] {
                var one = SeededGenerator(seed: seed)
                var two = SeededGenerator(seed: seed)
                #expect(variant.shuffledDeck(using: &one) == SetCard.shuffledDeck(using: &two))
            }
            var generator = SeededGenerator(seed: seed)
            let junior = SetVariant.junior.shuffledDeck(using: &generator)
            #expect(junior.sorted() == SetVariant.junior.cards)
        }
    }

    // MARK: - UltraSet

    @Test func everyFourJuniorCardsAreAnUltraSetExactlyWhenTwoPairsShareACompletingCard() throws {
        let cards = SetVariant.junior.cards
        var count = 0
        for positions in Self.subsets(of: cards.count, size: 4) {
            let four = positions.map { cards[$0] }
            let ultra = UltraSet(four)
            #expect((ultra != nil) == Self.isUltraSet(four), "\(four)")
            guard let ultra else { continue }
            count += 1
            #expect(ultra.cards == four)
            #expect(SetRules.isSet(ultra.firstPair.0, ultra.firstPair.1, ultra.completingCard))
            #expect(SetRules.isSet(ultra.secondPair.0, ultra.secondPair.1, ultra.completingCard))
            #expect(!ultra.contains(ultra.completingCard))
            // The order the cards come in does not matter.
            #expect(UltraSet(four.reversed()) == ultra)
            #expect(UltraSet([four[2], four[0], four[3], four[1]]) == ultra)
        }
        #expect(count > 0)
    }

    @Test func fourCardsSplitIntoAtMostOnePairingAndRepeatedCardsAreNoUltraSet() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...80).array(of: 4...4)) { ids in
            let cards = ids.compactMap(SetCard.init(id:))
            guard Set(cards).count == 4 else {
                #expect(UltraSet(cards) == nil)
                return
            }
            let (a, b, c, d) = (cards[0], cards[1], cards[2], cards[3])
            let pairings = [
                Self.shareCompletingCard((a, b), (c, d)), Self.shareCompletingCard((a, c), (b, d)),
                Self.shareCompletingCard((a, d), (b, c)),
            ]
            #expect(pairings.count(where: { $0 }) <= 1)
            #expect((UltraSet(cards) != nil) == pairings.contains(true))
        }
    }

    @Test func ultraSetsOnATableAreEveryFourCardsThatMakeOneEachOnce() async {
        await propertyCheck(count: 200, input: Self.tables) { table in
            let found = SetVariant.ultra.matches(onTable: table)
            let expected = Self.subsets(of: table.count, size: 4).map { $0.map { table[$0] } }
                .filter(Self.isUltraSet)
            #expect(found.count == expected.count)
            #expect(Set(found.map(\.cards)) == Set(expected))
            #expect(SetVariant.ultra.hasMatch(onTable: table) == !expected.isEmpty)
            #expect(found.allSatisfy { if case .ultra = $0 { true } else { false } })
        }
    }

    // MARK: - Set-Chain

    @Test func chainedSetsReuseExactlyOneCardOfThePreviousSet() async {
        let inputs = Self.tables.map { cards -> ([SetCard], SetTrio?) in
            // NB: the previous Set is the first Set among cards left out of the table.
            let left = SetCard.allCards.filter { !cards.contains($0) }
            return (cards, SetRules.firstSet(in: left.shuffled()))
        }
        await propertyCheck(count: 200, input: inputs) { input in
            let (table, previous) = input
            guard let previous else { return }
            let found = SetVariant.chain.matches(onTable: table, after: previous)
            var expected: Set<[SetCard]> = []
            for reused in previous.cards {
                for pair in Self.subsets(of: table.count, size: 2) {
                    let trio = [reused, table[pair[0]], table[pair[1]]]
                    if Self.isSet(trio) { expected.insert(trio.sorted()) }
                }
            }
            #expect(found.count == expected.count)
            #expect(Set(found.map(\.cards)) == expected)
            for match in found { #expect(SetVariant.chain.match(match.cards, after: previous) == match) }
            // Sets of table cards alone are not chained.
            for trio in SetRules.allSets(in: table) {
                #expect(SetVariant.chain.match(trio.cards, after: previous) == nil)
            }
        }
    }

    @Test func beforeTheFirstSetAChainIsAnyTableSet() {
        let table = Array(SetCard.allCards.prefix(12))
        #expect(SetVariant.chain.matches(onTable: table) == SetVariant.normal.matches(onTable: table))
    }

    // MARK: - Saved matches

    @Test func matchesAreSavedAsTheirCardIdsAndSetsSavedBeforeReadAsMatches() throws {
        let trio = try #require(SetTrio(SetCard.code("1111"), SetCard.code("2222"), SetCard.code("3333")))
        let ultra = try #require(SetVariant.ultra.firstMatch(onTable: SetCard.allCards))
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for match in [SetMatch.set(trio), ultra] {
            let data = try encoder.encode(match)
            #expect(try decoder.decode([Int].self, from: data) == match.cards.map(\.id))
            #expect(try decoder.decode(SetMatch.self, from: data) == match)
        }
        let savedTrio = try encoder.encode(trio)
        #expect(try decoder.decode(SetMatch.self, from: savedTrio) == .set(trio))
        for notAMatch in ["[0, 1, 3]", "[0, 1, 2, 3]", "[0, 1]", "[0, 1, 2, 3, 4]"] {
            #expect(throws: DecodingError.self) {
                try decoder.decode(SetMatch.self, from: Data(notAMatch.utf8))
            }
        }
    }
}
