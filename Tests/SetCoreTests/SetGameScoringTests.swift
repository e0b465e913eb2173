import SetCore
import SetTestSupport
import Testing

/// Extra credits 3–6: points, speed, penalties, hints and missed Sets, all on a test clock.
struct SetGameScoringTests {
    let set = Fixtures.set
    let nonSet = Fixtures.nonSet

    /// A second Set, disjoint from ``Fixtures/set``.
    static let otherSet = SetCard.codes("1231 2312 3123")

    /// A game holding two disjoint Sets, so that a second match can follow the first.
    static func gameWithTwoSets() throws -> SetGame {
        let table = Fixtures.set + otherSet + Array(Fixtures.cardsWithoutSet[1...6])
        return try SetGame(deck: Fixtures.deck(without: table), table: table, at: moment(0))
    }

    private func match(_ cards: [SetCard], in game: inout SetGame, at seconds: Double) -> SelectionOutcome? {
        var outcome: SelectionOutcome?
        for card in cards { outcome = game.select(card, at: moment(seconds)) }
        return outcome
    }

    // MARK: - Matches and speed

    @Test(arguments: [(1.0, 6), (9.9, 6), (10, 5), (19, 5), (25, 4), (35, 3), (600, 3)])
    func quickerMatchesScoreMore(seconds: Double, points: Int) throws {
        var game = try Fixtures.game()
        let outcome = match(set, in: &game, at: seconds)
        #expect(outcome == .matched(.set(try #require(SetTrio(set[0], set[1], set[2]))), points: points))
        #expect(game.score == points)
    }

    @Test func theSpeedClockRestartsWhenTheTableChanges() throws {
        var game = try Self.gameWithTwoSets()
        _ = match(set, in: &game, at: 30)
        #expect(game.score == 3)
        game.select(set[0], at: moment(50))
        #expect(game.tableChangedAt == moment(50))
        _ = match(Self.otherSet, in: &game, at: 55)
        #expect(game.score == 3 + 6)
    }

    @Test func theSpeedClockDoesNotRestartOnAMismatch() throws {
        var game = try Fixtures.game()
        _ = match(nonSet, in: &game, at: 5)
        game.select(set[0], at: moment(12))
        game.select(set[1], at: moment(12))
        game.select(set[2], at: moment(12))
        #expect(game.score == -2 + 5)
    }

    @Test func speedBonusCanBeTurnedOff() throws {
        let scoring = SetScoring(speedBonusMaximum: 0)
        var game = try SetGame(
            deck: Fixtures.deck(without: Fixtures.table), table: Fixtures.table, scoring: scoring,
            at: moment(0))
        _ = match(set, in: &game, at: 1)
        #expect(game.score == 3)
    }

    // MARK: - Mismatches

    @Test func aMismatchCostsTwoAndScoresMayGoNegative() throws {
        var game = try Fixtures.game()
        #expect(match(nonSet, in: &game, at: 1) == .mismatched(game.selectionViolations, penalty: 2))
        #expect(game.score == -2)
    }

    // MARK: - Dealing while a Set is on the table

    @Test func dealingWhileASetIsOnTheTableCostsThreeAndRecordsTheMissedSets() throws {
        var game = try Fixtures.game()
        let setsBefore = game.matchesOnTable
        let outcome = game.dealThreeMore(at: moment(4))
        let missed = try #require(game.missedSets.first)
        #expect(
            outcome
                == .dealt(Array(Fixtures.deck(without: Fixtures.table).prefix(3)), penalty: 3, missed: missed)
        )
        #expect(game.score == -3)
        #expect(game.missedSets.count == 1)
        #expect(missed.matches == setsBefore && missed.player == .one && missed.date == moment(4))
        #expect(
            game.missedSets.first?.matches.contains(.set(try #require(SetTrio(set[0], set[1], set[2]))))
                == true)
    }

    @Test func theDealPenaltyIsJudgedBeforeTheNewCardsArrive() throws {
        var game = try Fixtures.gameWithoutSet()
        #expect(game.matchesOnTable.isEmpty)
        guard case .dealt(_, let penalty, let missed) = game.dealThreeMore(at: moment(1)) else {
            Issue.record("Three cards should have been dealt.")
            return
        }
        #expect(penalty == 0)
        #expect(missed == nil)
        #expect(!game.matchesOnTable.isEmpty)
        #expect(game.score == 0)
        #expect(game.missedSets.isEmpty)
    }

    @Test func dealingRestartsTheSpeedClock() throws {
        var game = try Fixtures.game()
        game.dealThreeMore(at: moment(40))
        _ = match(set, in: &game, at: 41)
        #expect(game.score == -3 + 6)
    }

    // MARK: - Hints

    @Test func aHintShowsASetOnTheTableAndCostsFour() throws {
        var game = try Fixtures.game()
        guard case .revealed(let hint, cost: 4) = game.revealHint(at: moment(0)),
            case .match(.set(let trio)) = hint
        else {
            Issue.record("The table holds a Set, so the hint should show one.")
            return
        }
        #expect(game.matchesOnTable.contains(.set(trio)))
        #expect(game.hint == hint)
        #expect(game.score == -4)
    }

    @Test func askingAgainForTheSameHintIsFree() throws {
        var game = try Fixtures.game()
        guard case .revealed(let first, cost: 4) = game.revealHint(at: moment(0)) else {
            Issue.record("The first hint should cost four.")
            return
        }
        #expect(game.revealHint(at: moment(0)) == .revealed(first, cost: 0))
        #expect(game.score == -4)
    }

    @Test func aHintSaysWhenThereIsNoSet() throws {
        var game = try Fixtures.gameWithoutSet()
        #expect(game.revealHint(at: moment(0)) == .revealed(.noSet, cost: 4))
        #expect(game.score == -4)
    }

    @Test func aHintedMatchEarnsNoSpeedBonusSoCheatingNeverPays() throws {
        var game = try Fixtures.game()
        game.revealHint(at: moment(0))
        _ = match(set, in: &game, at: 1)
        #expect(game.score == -4 + 3)
        #expect(game.score < 0)
    }

    @Test func aHintLastsWhileItsSetIsOnTheTable() throws {
        var game = try Fixtures.game()
        let trio = try #require(SetTrio(set[0], set[1], set[2]))
        #expect(game.revealHint(at: moment(0)) == .revealed(.match(.set(trio)), cost: 4))
        game.dealThreeMore(at: moment(1))
        #expect(game.hint == .match(.set(trio)))
        game.revealHint(at: moment(0))
        #expect(game.score == -4 - 3)
        _ = match(set, in: &game, at: 2)
        game.select(set[0], at: moment(3))
        #expect(game.hint == nil)
    }

    @Test func aNoSetHintIsForgottenWhenCardsAreDealt() throws {
        var game = try Fixtures.gameWithoutSet()
        game.revealHint(at: moment(0))
        game.dealThreeMore(at: moment(1))
        #expect(game.hint == nil)
    }

    @Test func aHintLooksPastAMatchedSetAboutToLeave() throws {
        var game = try SetGameScoringTests.gameWithTwoSets()
        _ = match(set, in: &game, at: 1)
        #expect(
            game.revealHint(at: moment(0))
                == .revealed(
                    .match(.set(try #require(SetTrio(Self.otherSet[0], Self.otherSet[1], Self.otherSet[2])))),
                    cost: 4
                ))
        game.select(set[0], at: moment(2))
        #expect(game.hint != nil)
    }
}
