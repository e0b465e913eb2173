import PropertyBased
import SeededRandom
import Testing

@testable import SetCore

/// A person's search of a table: pairs looked at in random order until one leads to a match.
struct SetTableSearchTests {
    /// A table of `variant` dealt from `seed`, with the previous Set of a Set-Chain game.
    private static func table(_ variant: SetVariant, seed: UInt64) -> SetTableSearch {
        var generator = SeededGenerator(seed: seed)
        var game = MultiplayerSetGame(seatCount: 1, variant: variant, using: &generator)
        if variant == .chain, let first = game.matchesOnTable.first {
            game.claim(first.cards, by: 0, at: moment(0))
        }
        return SetTableSearch(table: game.table, variant: variant, previousSet: game.previousSet)
    }

    @Test func aNormalTableHasSixtySixPairs() {
        let search = SetTableSearch(table: Fixtures.table, variant: .normal, previousSet: nil)
        #expect(search.pairs.count == 66)
    }

    @Test func setChainAlsoLooksAtThePreviousSetsCards() throws {
        let previous = try #require(SetTrio(Fixtures.set[0], Fixtures.set[1], Fixtures.set[2]))
        let search = SetTableSearch(
            table: Array(Fixtures.table.dropFirst(3)), variant: .chain, previousSet: previous)
        #expect(search.pairs.count == 36 + 3 * 9)
    }

    @Test func aTableWithoutMatchesIsLookedThroughInVain() {
        let table = Array(Fixtures.cardsWithoutSet.prefix(12))
        var generator = SeededGenerator(seed: 1)
        let result = SetTableSearch(table: table, variant: .normal, previousSet: nil).search(
            using: &generator)
        #expect(result == .init(looks: 66, match: nil))
    }

    @Test(arguments: SetVariant.allCases)
    func aSearchFindsAMatchOfTheVariantWhenThereIsOne(variant: SetVariant) async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            let search = Self.table(variant, seed: seed)
            var generator = SeededGenerator(seed: seed)
            let result = search.search(using: &generator)
            #expect((1...search.pairs.count).contains(result.looks))
            let hasMatch = variant.hasMatch(onTable: search.table, after: search.previousSet)
            #expect((result.match != nil) == hasMatch)
            if let match = result.match {
                #expect(variant.match(match.cards, after: search.previousSet) == match)
                let inPlay = search.table + (search.previousSet?.cards ?? [])
                #expect(match.cards.allSatisfy(inPlay.contains))
            }
        }
    }

    /// The mean number of looks over many searches of `table`.
    private static func meanLooks(_ table: [SetCard], searches: Int = 4000) -> Double {
        var generator = SeededGenerator(seed: 2)
        let search = SetTableSearch(table: table, variant: .normal, previousSet: nil)
        let looks = (0..<searches).map { _ in search.search(using: &generator).looks }
        return Double(looks.reduce(0, +)) / Double(searches)
    }

    @Test func moreSetsAreFoundSoonerAndMoreCardsLater() throws {
        let one = try #require(Self.tableWithSets(1, cards: 12))
        let six = try #require(Self.tableWithSets(6, cards: 12))
        let wider = try #require(Self.tableWithSets(1, cards: 15))
        // One Set holds 3 of 66 pairs: about 17 looks without putting any back; six hold 18.
        #expect(abs(Self.meanLooks(one) - 67.0 / 4) < 1)
        #expect(abs(Self.meanLooks(six) - 67.0 / 19) < 0.3)
        // 105 pairs and 3 good ones: about 26.5.
        #expect(abs(Self.meanLooks(wider) - 106.0 / 4) < 1.5)
    }

    /// The first table of `cards` cards, dealt from seeded decks, holding exactly `sets` Sets.
    static func tableWithSets(_ sets: Int, cards: Int) -> [SetCard]? {
        for seed in UInt64(0)..<20_000 {
            var generator = SeededGenerator(seed: seed)
            let table = Array(SetCard.shuffledDeck(using: &generator).prefix(cards))
            if SetRules.allSets(in: table).count == sets { return table }
        }
        return nil
    }
}
