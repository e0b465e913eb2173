import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// Task 10 (Deal 3 More Cards), new games, the end of the game, and custom positions.
struct SetGameDealingTests {
    let set = Fixtures.set
    let nonSet = Fixtures.nonSet

    // MARK: - New games

    @Test func aNewGameDealsTwelveFromAShuffledDeck() {
        var generator = SeededGenerator(seed: 42)
        let game = SetGame(using: &generator, at: moment(0))
        #expect(game.table.count == 12)
        #expect(game.deck.count == 69)
        #expect(Set(game.table + game.deck) == Set(SetCard.allCards))
        #expect(game.discardPile.isEmpty && game.selection.isEmpty && game.score == 0)
        #expect(game.mode == .solo)
    }

    @Test func theSameSeedDealsTheSameGame() {
        var first = SeededGenerator(seed: 9)
        var second = SeededGenerator(seed: 9)
        #expect(SetGame(using: &first, at: moment(0)).table == SetGame(using: &second, at: moment(0)).table)
    }

    // MARK: - Task 10a: a matched Set is replaced

    @Test func dealingWithAMatchSelectedClearsItAndAddsNothingMore() throws {
        var game = try Fixtures.game()
        let nextCards = Array(game.deck.prefix(3))
        for card in set { game.select(card, at: moment(1)) }
        #expect(
            game.dealThreeMore(at: moment(2))
                == .clearedMatch(.set(try #require(SetTrio(set[0], set[1], set[2])))))
        #expect(game.table.count == 12)
        #expect(Array(game.table.prefix(3)) == nextCards)
        #expect(game.selection.isEmpty)
        #expect(game.deck.count == 66)
        #expect(game.score == 6)
        #expect(game.missedSets.isEmpty)
    }

    @Test func dealingWithAMatchOnAFifteenCardTableShrinksIt() throws {
        var game = try Fixtures.game()
        game.dealThreeMore(at: moment(1))
        for card in set { game.select(card, at: moment(2)) }
        #expect(
            game.dealThreeMore(at: moment(3))
                == .clearedMatch(.set(try #require(SetTrio(set[0], set[1], set[2])))))
        #expect(game.table.count == 12)
        #expect(game.deck.count == 66)
    }

    // MARK: - Task 10b: otherwise three cards are added

    @Test func dealingWithAMismatchSelectedAddsCardsAndKeepsTheSelection() throws {
        var game = try Fixtures.game()
        for card in nonSet { game.select(card, at: moment(1)) }
        let nextCards = Array(game.deck.prefix(3))
        let setsBefore = game.matchesOnTable
        let outcome = game.dealThreeMore(at: moment(2))
        #expect(outcome == .dealt(nextCards, penalty: 3, missed: game.missedSets.last))
        #expect(game.missedSets.last?.matches == setsBefore)
        #expect(game.table == Fixtures.table + nextCards)
        #expect(game.selection == nonSet)
    }

    @Test(arguments: 0...2)
    func dealingWithFewerThanThreeSelectedKeepsTheSelection(count: Int) throws {
        var game = try Fixtures.game()
        for card in set.prefix(count) { game.select(card, at: moment(1)) }
        game.dealThreeMore(at: moment(2))
        #expect(game.selection == Array(set.prefix(count)))
        #expect(game.table.count == 15)
    }

    // MARK: - Task 10c: not with an empty deck

    @Test func dealingIsUnavailableWhenTheDeckIsEmpty() throws {
        var game = try SetGame(deck: [], table: Fixtures.table, at: moment(0))
        #expect(!game.canDealMoreCards)
        #expect(game.dealThreeMore(at: moment(1)) == .rejected(.deckEmpty))
        for card in set { game.select(card, at: moment(1)) }
        #expect(game.dealThreeMore(at: moment(1)) == .rejected(.deckEmpty))
        #expect(game.table == Fixtures.table)
    }

    @Test func aShortDeckDealsWhatItHas() throws {
        let deck = Array(Fixtures.deck(without: Fixtures.table).prefix(2))
        var game = try SetGame(deck: deck, table: Fixtures.table, at: moment(0))
        let outcome = game.dealThreeMore(at: moment(1))
        #expect(outcome == .dealt(deck, penalty: 3, missed: game.missedSets.last))
        #expect(game.missedSets.count == 1)
        #expect(game.deck.isEmpty)
    }

    // MARK: - The end

    @Test func theGameIsOverWhenTheDeckIsEmptyAndNoSetIsLeft() throws {
        var game = try SetGame(deck: [], table: Fixtures.cardsWithoutSet, at: moment(0))
        #expect(game.isOver)
        #expect(game.select(Fixtures.cardsWithoutSet[0], at: moment(1)) == .rejected(.gameOver))
    }

    @Test func clearingTheLastSetEndsTheGame() throws {
        let table = set + Array(Fixtures.cardsWithoutSet[1...2])
        var game = try SetGame(deck: [], table: table, at: moment(0))
        #expect(!game.isOver)
        for card in set.dropLast() { game.select(card, at: moment(1)) }
        #expect(!game.isOver)
        guard case .matched = game.select(set[2], at: moment(1)) else {
            Issue.record("The last three cards should match.")
            return
        }
        // No touch can follow the last Set, so it leaves the table at once.
        #expect(game.isOver)
        #expect(game.table == Array(Fixtures.cardsWithoutSet[1...2]))
        #expect(game.selection.isEmpty)
        #expect(game.discardPile.suffix(3) == set)
        #expect(game.revealHint(at: moment(0)) == .rejected(.gameOver))
        #expect(game.score == 3 + 3)
    }

    @Test func aMatchThatLeavesASetStaysSelectedUntilTouched() throws {
        let table = set + SetCard.codes("1121 1232 1313")
        var game = try SetGame(deck: [], table: table, at: moment(0))
        for card in set { game.select(card, at: moment(1)) }
        #expect(game.selection == set)
        #expect(!game.isOver)
    }

    @Test func theLastSetOfATwoPlayerGameEndsTheClaimWithoutPenalty() throws {
        let table = set + Array(Fixtures.cardsWithoutSet[1...2])
        var game = try SetGame(deck: [], table: table, mode: .twoPlayer(.standard), at: moment(0))
        game.claim(by: .one, at: moment(1))
        for card in set { game.select(card, by: .one, at: moment(2)) }
        #expect(game.isOver)
        #expect(game.tick(at: moment(60)) == .unchanged)
        #expect(game.scores == PlayerPair(one: 6, two: 0))
    }

    @Test func aTableWithoutSetIsNotOverWhileTheDeckHasCards() throws {
        let game = try Fixtures.gameWithoutSet()
        #expect(!game.isOver)
        #expect(game.matchesOnTable.isEmpty)
    }

    // MARK: - Custom positions

    @Test func allEightyOneCardsCanBeOnTheTable() throws {
        var game = try SetGame(deck: [], table: SetCard.allCards, at: moment(0))
        #expect(game.matchesOnTable.count == 1080)
        for card in set { game.select(card, at: moment(1)) }
        game.select(set[0], at: moment(2))
        #expect(game.table.count == 78)
        #expect(game.discardPile == set)
    }

    @Test func duplicateCardsAreRefused() {
        #expect(throws: SetGameSetupError.duplicateCard(set[0])) {
            try SetGame(deck: [set[0]], table: set, at: moment(0))
        }
    }

    @Test func aDiscardPileMustBeMadeOfSets() throws {
        #expect(throws: SetGameSetupError.discardPileNotMadeOfSets) {
            try SetGame(deck: [], table: [], discardPile: nonSet, at: moment(0))
        }
        let game = try SetGame(deck: [], table: [], discardPile: set, at: moment(0))
        #expect(game.discardPile == set)
    }
}
