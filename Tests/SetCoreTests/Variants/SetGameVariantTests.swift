import Foundation
import PropertyBased
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// Playing each variant on a ``SetGame``: Junior's small table, Set-Chain's previous Set and
/// UltraSet's four-card matches.
struct SetGameVariantTests {
    // MARK: - Junior

    @Test func aJuniorGameDealsNineOfItsTwentySevenCardsAndRefillsToNine() throws {
        var generator = SeededGenerator(seed: 7)
        var game = SetGame(using: &generator, variant: .junior, at: moment(0))
        #expect(game.variant == .junior)
        #expect(game.table.count == 9)
        #expect(game.deck.count == 18)
        #expect(Set(game.deck + game.table) == Set(SetVariant.junior.cards))
        let match = try #require(game.matchesOnTable.first ?? dealUntilAMatch(&game))
        let tableSize = game.table.count
        for card in match.cards { game.select(card, at: moment(1)) }
        #expect(game.selectionIsMatch == true)
        game.dealThreeMore(at: moment(2))
        #expect(game.table.count == max(9, tableSize - 3))
        #expect(Set(game.discardPile) == Set(match.cards))
    }

    @Test func aJuniorGameRefusesCardsThatAreNotSolid() {
        #expect(throws: SetGameSetupError.cardNotInDeck(SetCard.code("1121"))) {
            try SetGame(deck: [], table: SetCard.codes("1111 1121"), variant: .junior, at: moment(0))
        }
    }

    // MARK: - Set-Chain

    /// A Set-Chain game whose previous Set is 1111 2222 3333 and whose table holds 1211 3233
    /// (a Set with 2222) and 1121 1122 1123 (a Set of table cards only).
    static func chainGame() throws -> SetGame {
        let previous = try #require(SetTrio(SetCard.code("1111"), SetCard.code("2222"), SetCard.code("3333")))
        let table = SetCard.codes("1211 3233 1121 1122 1123 2131")
        let deck = SetCard.allCards.filter { !table.contains($0) && !previous.contains($0) }
        return try SetGame(deck: deck, table: table, previousSet: previous, variant: .chain, at: moment(0))
    }

    @Test func aChainedSetReusesOneCardOfThePreviousSetWhichStaysWithTheNewOne() throws {
        var game = try Self.chainGame()
        let reused = SetCard.code("2222")
        #expect(game.isInPlay(reused))
        #expect(
            game.matchesOnTable.contains {
                $0.cards == [SetCard.code("1211"), reused, SetCard.code("3233")].sorted()
            })
        game.select(SetCard.code("1211"), at: moment(1))
        game.select(reused, at: moment(1))
        guard case .matched(let match, points: 6) = game.select(SetCard.code("3233"), at: moment(1)) else {
            Issue.record("A Set reusing one card of the previous Set should match.")
            return
        }
        // The touch that follows clears it: the two table cards are replaced, the reused card
        // stays in play with them as the previous Set, the other two old cards are discarded.
        game.select(SetCard.code("1121"), at: moment(2))
        #expect(game.previousSet == match.trio)
        #expect(game.discardPile.sorted() == SetCard.codes("1111 3333").sorted())
        #expect(game.table.count == 6)
        #expect(!game.table.contains(SetCard.code("1211")) && !game.table.contains(SetCard.code("3233")))
        #expect(game.selection == [SetCard.code("1121")])
        #expect(!game.isInPlay(SetCard.code("1111")))
    }

    @Test func aSetOfTableCardsAloneBreaksTheChainAndCostsAMismatch() throws {
        var game = try Self.chainGame()
        for card in SetCard.codes("1121 1122") { game.select(card, at: moment(1)) }
        guard case .mismatched(let violations, penalty: 2) = game.select(SetCard.code("1123"), at: moment(1))
        else {
            Issue.record("Three table cards should not match in Set-Chain once a Set was taken.")
            return
        }
        #expect(violations.isEmpty)
        #expect(game.selectionViolations.isEmpty)
        #expect(game.score == -2)
    }

    @Test func touchingASecondCardOfThePreviousSetTakesThePlaceOfTheFirst() throws {
        var game = try Self.chainGame()
        game.select(SetCard.code("1111"), at: moment(1))
        game.select(SetCard.code("1211"), at: moment(1))
        #expect(game.select(SetCard.code("2222"), at: moment(1)) == .selected(SetCard.code("2222")))
        #expect(game.selection == SetCard.codes("1211 2222"))
        guard case .matched = game.select(SetCard.code("3233"), at: moment(1)) else {
            Issue.record("The swapped selection should match.")
            return
        }
    }

    @Test func theHintInSetChainShowsAChainedSet() throws {
        var game = try Self.chainGame()
        guard case .revealed(.match(let match), cost: 4) = game.revealHint(at: moment(1)) else {
            Issue.record("A chained Set is in play, so the hint should show it.")
            return
        }
        #expect(match.cards.count(where: { game.previousSet?.contains($0) == true }) == 1)
    }

    @Test func onlySetChainHasAPreviousSet() throws {
        let previous = try #require(SetTrio(SetCard.code("1111"), SetCard.code("2222"), SetCard.code("3333")))
        #expect(throws: SetGameSetupError.previousSetOutsideSetChain) {
            try SetGame(deck: [], table: [], previousSet: previous, at: moment(0))
        }
        #expect(throws: SetGameSetupError.duplicateCard(SetCard.code("1111"))) {
            try SetGame(
                deck: [], table: SetCard.codes("1111"), previousSet: previous, variant: .chain, at: moment(0))
        }
    }

    // MARK: - UltraSet

    /// An UltraSet game on eight cards holding exactly one UltraSet.
    static func ultraGame() throws -> (SetGame, UltraSet) {
        let table = try #require(Self.eightCardsWithOneUltraSet(), "eight cards with exactly one UltraSet")
        let ultra = try #require(SetVariant.ultra.firstMatch(onTable: table))
        guard case .ultra(let ultraSet) = ultra else { throw Failure.notAnUltraSet }
        let deck = SetCard.allCards.filter { !table.contains($0) }
        return (try SetGame(deck: deck, table: table, variant: .ultra, at: moment(0)), ultraSet)
    }

    enum Failure: Error { case notAnUltraSet }

    @Test func anUltraSetIsFourCardsAndThreeAreNotJudged() throws {
        var (game, ultra) = try Self.ultraGame()
        let cards = ultra.cards
        for card in cards.prefix(3) { #expect(game.select(card, at: moment(1)) == .selected(card)) }
        #expect(game.selectionIsMatch == nil)
        guard case .matched(.ultra(let matched), points: 6) = game.select(cards[3], at: moment(1)) else {
            Issue.record("Four cards of an UltraSet should match.")
            return
        }
        #expect(matched == ultra)
        game.dealThreeMore(at: moment(2))
        #expect(Set(game.discardPile) == Set(cards))
        // Four cards stayed; four replacements bring the table back to eight, under twelve.
        #expect(game.table.count == 8)
    }

    @Test func fourCardsThatAreNotAnUltraSetCostAMismatch() throws {
        var (game, ultra) = try Self.ultraGame()
        let other = try #require(game.table.first { !ultra.contains($0) })
        for card in ultra.cards.prefix(3) { game.select(card, at: moment(1)) }
        #expect(game.select(other, at: moment(1)) == .mismatched([], penalty: 2))
    }

    @Test func dealingPastAnUltraSetRecordsItAsMissed() throws {
        var (game, ultra) = try Self.ultraGame()
        guard case .dealt(_, penalty: 3, missed: let missed?) = game.dealThreeMore(at: moment(1)) else {
            Issue.record("Dealing past an UltraSet should cost the needless-deal penalty.")
            return
        }
        #expect(missed.matches == [.ultra(ultra)])
        guard case .revealed(.match(.ultra), cost: 4) = game.revealHint(at: moment(2)) else {
            Issue.record("The hint should show an UltraSet.")
            return
        }
    }

    @Test func aTwoPlayerUltraSetClaimThatRunsOutLeavesNoCardsSelected() throws {
        let (solo, ultra) = try Self.ultraGame()
        var game = try SetGame(
            deck: solo.deck, table: solo.table, variant: .ultra, mode: .twoPlayer(.standard), at: moment(0))
        guard case .claimed = game.claim(by: .one, at: moment(1)) else {
            Issue.record("Player one should hold the claim.")
            return
        }
        for card in ultra.cards.prefix(3) { game.select(card, by: .one, at: moment(2)) }
        #expect(game.selection.count == 3)
        // Three of four cards are not a judged selection: when the claim runs out they go, so the
        // other player does not start from them.
        game.tick(at: moment(60))
        #expect(game.selection.isEmpty)
        #expect(game.scores.one == -2)
    }

    @Test func theVariantIsSavedUnderItsName() throws {
        var generator = SeededGenerator(seed: 2)
        let game = SetGame(using: &generator, variant: .junior, at: moment(0))
        let json = String(decoding: try JSONEncoder().encode(game), as: UTF8.self)
        #expect(json.contains(#""variant":"junior""#))
        let room = MultiplayerSetGame(seatCount: 2, variant: .chain, using: &generator)
        #expect(
            String(decoding: try JSONEncoder().encode(room), as: UTF8.self).contains(#""variant":"chain""#))
    }

    // MARK: - Every variant

    @Test(arguments: SetVariant.allCases)
    func aBotTakingRandomMatchesFinishesEveryVariantWithEveryCardAccountedFor(variant: SetVariant) async {
        await propertyCheck(count: 40, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var generator = SeededGenerator(seed: seed)
            var game = SetGame(using: &generator, variant: variant, at: moment(0))
            var moves = 0
            while !game.isOver, moves < 300 {
                let now = moment(Double(moves))
                if let match = game.matchesOnTable.randomElement(using: &generator) {
                    for card in match.cards { game.select(card, at: now) }
                    #expect(game.selectionIsMatch == true || game.isOver)
                    // NB: touching one of the match clears it and selects nothing, deck or not.
                    if !game.isOver { game.select(match.cards[0], at: now) }
                } else {
                    game.dealThreeMore(at: now)
                }
                Self.checkCards(of: game)
                moves += 1
            }
            #expect(game.isOver)
            #expect(game.matchesOnTable.isEmpty)
            #expect(game.deck.isEmpty)
            #expect(game.missedSets.isEmpty)
            #expect(game.score > 0)
        }
    }

    @Test(arguments: SetVariant.allCases)
    func randomTouchesKeepEveryCardAccountedFor(variant: SetVariant) async {
        let moves = Gen.int(in: 0...99).array(of: 1...120)
        await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64.max), moves) { seed, moves in
            var generator = SeededGenerator(seed: seed)
            var game = SetGame(using: &generator, variant: variant, at: moment(0))
            for (step, move) in moves.enumerated() {
                let now = moment(Double(step))
                let inPlay = game.table + (game.previousSet?.cards ?? [])
                switch move {
                case 0..<8: game.dealThreeMore(at: now)
                case 8..<10: game.revealHint(at: now)
                default: game.select(inPlay[move % inPlay.count], at: now)
                }
                Self.checkCards(of: game)
                if game.isOver { break }
            }
        }
    }

    @Test(arguments: SetVariant.allCases)
    func everyVariantIsSavedAndReadBack(variant: SetVariant) throws {
        var generator = SeededGenerator(seed: 3)
        var game = SetGame(using: &generator, variant: variant, at: moment(0))
        if let match = game.matchesOnTable.first {
            for card in match.cards { game.select(card, at: moment(1)) }
            game.dealThreeMore(at: moment(2))
        }
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(SetGame.self, from: data) == game)
    }

    // MARK: - Helpers

    /// The variant's deck is exactly deck, table, discard pile and previous Set, none repeated,
    /// and the selection is in play and never more than a match.
    static func checkCards(of game: SetGame) {
        let cards = game.deck + game.table + game.discardPile + (game.previousSet?.cards ?? [])
        #expect(cards.count == game.variant.cards.count)
        #expect(Set(cards) == Set(game.variant.cards))
        #expect(game.selection.count <= game.variant.cardsPerMatch)
        #expect(game.selection.allSatisfy(game.isInPlay))
        if game.variant != .chain {
            #expect(game.discardPile.count.isMultiple(of: game.variant.cardsPerMatch))
        }
    }

    private func dealUntilAMatch(_ game: inout SetGame) -> SetMatch? {
        while game.matchesOnTable.isEmpty, game.canDealMoreCards { game.dealThreeMore(at: moment(0)) }
        return game.matchesOnTable.first
    }

    /// Eight cards holding exactly one UltraSet, from a seeded search.
    private static func eightCardsWithOneUltraSet() -> [SetCard]? {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<10_000 {
            let table = Array(SetCard.allCards.shuffled(using: &generator).prefix(8))
            if SetVariant.ultra.matches(onTable: table).count == 1 { return table }
        }
        return nil
    }
}
