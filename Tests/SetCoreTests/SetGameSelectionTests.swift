import SetCore
import Testing

/// Tasks 5–9: selecting, judging, deselecting, and touching after a match or mismatch.
struct SetGameSelectionTests {
    let set = Fixtures.set
    let nonSet = Fixtures.nonSet

    // MARK: - Task 5: up to three cards

    @Test func selectsUpToThreeCards() throws {
        var game = try Fixtures.game()
        #expect(game.select(set[0], at: moment(1)) == .selected(set[0]))
        #expect(game.select(set[1], at: moment(1)) == .selected(set[1]))
        #expect(game.selection == [set[0], set[1]])
        #expect(game.selectionIsMatch == nil)
    }

    @Test func cardsOffTheTableCannotBeSelected() throws {
        var game = try Fixtures.game()
        let offTable = try #require(game.deck.first)
        #expect(game.select(offTable, at: moment(1)) == .rejected(.cardNotOnTable))
        #expect(game.selection.isEmpty)
    }

    @Test func playerTwoCannotMoveInASoloGame() throws {
        var game = try Fixtures.game()
        #expect(game.select(set[0], by: .two, at: moment(1)) == .rejected(.notATwoPlayerGame))
        #expect(game.dealThreeMore(by: .two, at: moment(1)) == .rejected(.notATwoPlayerGame))
        #expect(game.claim(by: .one, at: moment(1)) == .rejected(.notATwoPlayerGame))
    }

    // MARK: - Task 6: match or mismatch

    @Test func threeMatchingCardsAreReportedAsAMatch() throws {
        var game = try Fixtures.game()
        game.select(set[0], at: moment(1))
        game.select(set[1], at: moment(1))
        let outcome = game.select(set[2], at: moment(1))
        #expect(outcome == .matched(.set(try #require(SetTrio(set[0], set[1], set[2]))), points: 6))
        #expect(game.selectionIsMatch == true)
        #expect(game.selection == set)
        #expect(game.selectionViolations.isEmpty)
    }

    @Test func threeNonMatchingCardsAreReportedWithReasons() throws {
        var game = try Fixtures.game()
        for card in nonSet { game.select(card, at: moment(1)) }
        #expect(game.selectionIsMatch == false)
        let violations = SetRules.violations(nonSet[0], nonSet[1], nonSet[2])
        #expect(!violations.isEmpty)
        #expect(game.selectionViolations == violations)
        var replay = try Fixtures.game()
        replay.select(nonSet[0], at: moment(1))
        replay.select(nonSet[1], at: moment(1))
        #expect(replay.select(nonSet[2], at: moment(1)) == .mismatched(violations, penalty: 2))
    }

    // MARK: - Task 7: deselection with one or two selected

    @Test func touchingTheOnlySelectedCardDeselectsIt() throws {
        var game = try Fixtures.game()
        game.select(set[0], at: moment(1))
        #expect(game.select(set[0], at: moment(1)) == .deselected(set[0]))
        #expect(game.selection.isEmpty)
    }

    @Test func touchingOneOfTwoSelectedCardsDeselectsIt() throws {
        var game = try Fixtures.game()
        game.select(set[0], at: moment(1))
        game.select(set[1], at: moment(1))
        #expect(game.select(set[0], at: moment(1)) == .deselected(set[0]))
        #expect(game.selection == [set[1]])
    }

    // MARK: - Task 8: touching after a match

    @Test func aMatchIsReplacedInPlaceAndTheTouchedCardSelected() throws {
        var game = try Fixtures.game()
        let nextCards = Array(game.deck.prefix(3))
        let other = game.table[7]
        for card in set { game.select(card, at: moment(1)) }
        let outcome = game.select(other, at: moment(2))
        #expect(
            outcome == .clearedMatch(.set(try #require(SetTrio(set[0], set[1], set[2]))), thenSelected: other)
        )
        #expect(Array(game.table.prefix(3)) == nextCards)
        #expect(Array(game.table.dropFirst(3)) == Array(Fixtures.table.dropFirst(3)))
        #expect(game.discardPile == set)
        #expect(game.selection == [other])
        #expect(game.deck.count == 66)
    }

    @Test(arguments: 0..<3)
    func touchingACardOfTheMatchSelectsNothing(index: Int) throws {
        var game = try Fixtures.game()
        for card in set { game.select(card, at: moment(1)) }
        let outcome = game.select(set[index], at: moment(2))
        #expect(
            outcome == .clearedMatch(.set(try #require(SetTrio(set[0], set[1], set[2]))), thenSelected: nil))
        #expect(game.selection.isEmpty)
        #expect(game.table.count == 12)
    }

    @Test func withAnEmptyDeckTheTableShrinks() throws {
        var game = try SetGame(deck: [], table: Fixtures.table, at: moment(0))
        for card in set { game.select(card, at: moment(1)) }
        game.select(Fixtures.table[5], at: moment(2))
        #expect(game.table == Array(Fixtures.table.dropFirst(3)))
        #expect(game.discardPile == set)
    }

    @Test func aTableAboveTwelveShrinksEvenWithCardsInTheDeck() throws {
        let table = Fixtures.table + Fixtures.deck(without: Fixtures.table).prefix(3)
        var game = try SetGame(deck: Fixtures.deck(without: table), table: table, at: moment(0))
        let deckCount = game.deck.count
        for card in set { game.select(card, at: moment(1)) }
        game.select(set[0], at: moment(2))
        #expect(game.table == Array(table.dropFirst(3)))
        #expect(game.deck.count == deckCount)
    }

    @Test func aMatchedSetInTheMiddleIsReplacedInItsOwnPositions() throws {
        let table = Array(Fixtures.table.dropFirst(3).prefix(4)) + set + Array(Fixtures.table.suffix(5))
        var game = try SetGame(deck: Fixtures.deck(without: table), table: table, at: moment(0))
        let nextCards = Array(game.deck.prefix(3))
        for card in [set[2], set[0], set[1]] { game.select(card, at: moment(1)) }
        game.select(set[1], at: moment(2))
        #expect(Array(game.table[4..<7]) == nextCards)
        #expect(game.table.count == 12)
        #expect(game.discardPile == [set[2], set[0], set[1]])
    }

    // MARK: - Task 9: touching after a mismatch

    @Test(arguments: 0..<3)
    func touchingACardOfAMismatchSelectsOnlyThatCard(index: Int) throws {
        var game = try Fixtures.game()
        for card in nonSet { game.select(card, at: moment(1)) }
        #expect(game.select(nonSet[index], at: moment(2)) == .selected(nonSet[index]))
        #expect(game.selection == [nonSet[index]])
        #expect(game.table == Fixtures.table)
    }

    @Test func touchingAnotherCardAfterAMismatchSelectsOnlyThatCard() throws {
        var game = try Fixtures.game()
        for card in nonSet { game.select(card, at: moment(1)) }
        let other = game.table[9]
        #expect(game.select(other, at: moment(2)) == .selected(other))
        #expect(game.selection == [other])
        #expect(game.discardPile.isEmpty)
    }
}
