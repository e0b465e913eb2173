import SetCore
import Testing

/// Extra credit 7: claims, time limits, lockouts and the grace period after a deal.
struct SetGameTwoPlayerTests {
    let set = Fixtures.set
    let nonSet = Fixtures.nonSet
    let twoPlayers = SetGameMode.twoPlayer(.standard)

    private func select(_ cards: [SetCard], by player: SetPlayer, in game: inout SetGame, at seconds: Double)
        -> SelectionOutcome?
    {
        var outcome: SelectionOutcome?
        for card in cards { outcome = game.select(card, by: player, at: moment(seconds)) }
        return outcome
    }

    // MARK: - Claims

    @Test func selectingNeedsAClaim() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        #expect(game.select(set[0], by: .one, at: moment(1)) == .rejected(.claimRequired))
        #expect(game.selection.isEmpty)
    }

    @Test func aClaimGivesTheTableToOnePlayer() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        #expect(game.claim(by: .one, at: moment(1)) == .claimed(deadline: moment(11), isPenaltyFree: false))
        #expect(game.claim(by: .two, at: moment(2)) == .rejected(.tableClaimed(by: .one)))
        #expect(game.select(set[0], by: .two, at: moment(2)) == .rejected(.tableClaimed(by: .one)))
        #expect(game.dealThreeMore(by: .two, at: moment(2)) == .rejected(.tableClaimed(by: .one)))
        #expect(game.twoPlayer?.claimTimeRemaining(at: moment(4)) == 7)
    }

    @Test func aMatchScoresForTheClaimerAndFreesTheTable() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .two, at: moment(1))
        let outcome = select(set, by: .two, in: &game, at: 2)
        #expect(outcome == .matched(.set(try #require(SetTrio(set[0], set[1], set[2]))), points: 6))
        #expect(game.scores == PlayerPair(one: 0, two: 6))
        #expect(game.twoPlayer?.claim == nil)
        #expect(game.leader == .two)
        // The next claimer's first touch clears the match, as in a solo game.
        game.claim(by: .one, at: moment(3))
        #expect(
            game.select(set[0], by: .one, at: moment(3))
                == .clearedMatch(.set(try #require(SetTrio(set[0], set[1], set[2]))), thenSelected: nil))
        #expect(game.discardPile == set)
    }

    @Test func aMissCostsTheClaimerAndLocksThemOutForAWhile() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(1))
        #expect(
            select(nonSet, by: .one, in: &game, at: 2) == .mismatched(game.selectionViolations, penalty: 2))
        #expect(game.scores == PlayerPair(one: -2, two: 0))
        #expect(game.twoPlayer?.claim == nil)
        #expect(game.claim(by: .one, at: moment(3)) == .rejected(.lockedOut(until: moment(7))))
        #expect(game.twoPlayer?.lockoutRemaining(for: .one, at: moment(3)) == 4)
        #expect(game.claim(by: .two, at: moment(3)) == .claimed(deadline: moment(13), isPenaltyFree: false))
    }

    @Test func theLockoutEnds() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(1))
        _ = select(nonSet, by: .one, in: &game, at: 2)
        #expect(game.claim(by: .one, at: moment(7)) == .claimed(deadline: moment(17), isPenaltyFree: false))
    }

    // MARK: - Timeouts

    @Test func aClaimTimesOutWithTheMismatchPenalty() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(0))
        game.select(set[0], by: .one, at: moment(3))
        #expect(game.tick(at: moment(9.5)) == .unchanged)
        #expect(game.tick(at: moment(10)) == .claimTimedOut(.one, penalty: 2))
        #expect(game.tick(at: moment(11)) == .unchanged)
        #expect(game.selection.isEmpty)
        #expect(game.scores.one == -2)
        #expect(game.twoPlayer?.claim == nil)
        #expect(game.twoPlayer?.lockoutRemaining(for: .one, at: moment(12)) == 3)
    }

    /// A claim that ran out is a claim out of time in the tally, never a wrong Set: whoever held
    /// it, however many cards they had chosen, whether it cost points or not (grace period).
    @Test(arguments: SetPlayer.allCases, 0...2)
    func aClaimOutOfTimeIsTalliedAsSuch(claimer: SetPlayer, cardsChosen: Int) throws {
        for isInGracePeriod in [false, true] {
            var game = try Fixtures.game(mode: twoPlayers)
            if isInGracePeriod { game.dealThreeMore(by: claimer.other, at: moment(0)) }
            let before = try #require(game.tallies?[claimer])
            game.claim(by: claimer, at: moment(1))
            _ = select(Array(set.prefix(cardsChosen)), by: claimer, in: &game, at: 2)
            let penalty = isInGracePeriod ? 0 : game.scoring.mismatchPenalty
            #expect(game.tick(at: moment(11)) == .claimTimedOut(claimer, penalty: penalty))
            let tally = try #require(game.tallies?[claimer])
            #expect(tally.claimsOutOfTime == 1)
            #expect(tally.claimOutOfTimePenalties == penalty)
            #expect(
                tally.wrongSets == before.wrongSets && tally.wrongSetPenalties == before.wrongSetPenalties)
            #expect(tally.total == game.scores[claimer])
            #expect(game.tallies?[claimer.other].claimsOutOfTime == 0)
        }
    }

    /// A wrong trio and a claim out of time, one after the other, are each counted as what they were.
    @Test func aWrongTrioAndAClaimOutOfTimeAreCountedApart() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(0))
        _ = select(nonSet, by: .one, in: &game, at: 1)
        game.claim(by: .one, at: moment(6))
        #expect(game.tick(at: moment(16)) == .claimTimedOut(.one, penalty: 2))
        #expect(
            game.tallies?.one
                == SetTally(
                    wrongSets: 1, wrongSetPenalties: 2, claimsOutOfTime: 1, claimOutOfTimePenalties: 2))
        #expect(game.scores.one == -4)
    }

    @Test func aLateMoveNoticesTheTimeoutFirst() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(0))
        game.select(set[0], by: .one, at: moment(3))
        #expect(game.select(set[1], by: .one, at: moment(20)) == .rejected(.claimRequired))
        #expect(game.scores.one == -2)
        #expect(game.selection.isEmpty)
        // The lockout runs from the deadline, not from when the timeout was noticed.
        #expect(game.claim(by: .one, at: moment(15)) == .claimed(deadline: moment(25), isPenaltyFree: false))
    }

    // MARK: - Dealing and the grace period

    @Test func dealingGivesTheOtherPlayerAGracePeriod() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        guard case .dealt(_, let penalty, let missed?) = game.dealThreeMore(by: .one, at: moment(1)) else {
            Issue.record("Three cards should have been dealt.")
            return
        }
        #expect(penalty == 3)
        #expect(missed.player == .one)
        #expect(game.scores == PlayerPair(one: -3, two: 0))
        #expect(game.twoPlayer?.graceTimeRemaining(at: moment(6)) == 15)
        #expect(game.claim(by: .one, at: moment(2)) == .rejected(.gracePeriod(for: .two, until: moment(21))))
        #expect(
            game.dealThreeMore(by: .one, at: moment(2))
                == .rejected(.gracePeriod(for: .two, until: moment(21))))
        #expect(game.claim(by: .two, at: moment(2)) == .claimed(deadline: moment(12), isPenaltyFree: true))
    }

    @Test func missesDuringTheGracePeriodAreFree() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.dealThreeMore(by: .one, at: moment(1))
        game.claim(by: .two, at: moment(2))
        #expect(
            select(nonSet, by: .two, in: &game, at: 3) == .mismatched(game.selectionViolations, penalty: 0))
        #expect(game.claim(by: .two, at: moment(4)) == .rejected(.lockedOut(until: moment(8))))
        #expect(game.claim(by: .two, at: moment(8)) == .claimed(deadline: moment(18), isPenaltyFree: true))
        #expect(game.tick(at: moment(18)) == .claimTimedOut(.two, penalty: 0))
        #expect(game.scores.two == 0)
    }

    @Test func theNextChangeIsTheFirstTimerToEnd() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        #expect(game.twoPlayer?.timeUntilNextChange(at: moment(0)) == nil)
        game.dealThreeMore(by: .one, at: moment(1))
        #expect(game.twoPlayer?.timeUntilNextChange(at: moment(1)) == 20)
        game.claim(by: .two, at: moment(2))
        #expect(game.twoPlayer?.timeUntilNextChange(at: moment(2)) == 10)
        _ = select(nonSet, by: .two, in: &game, at: 3)
        // The free miss locks player two out until 8, before the grace period ends at 21.
        #expect(game.twoPlayer?.timeUntilNextChange(at: moment(3)) == 5)
        #expect(game.twoPlayer?.timeUntilNextChange(at: moment(8)) == 13)
    }

    @Test func theGracePeriodEnds() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.dealThreeMore(by: .one, at: moment(1))
        #expect(game.twoPlayer?.graceTimeRemaining(at: moment(21)) == nil)
        #expect(game.claim(by: .one, at: moment(21)) == .claimed(deadline: moment(31), isPenaltyFree: false))
    }

    @Test func aMatchEndsTheGracePeriod() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.dealThreeMore(by: .one, at: moment(1))
        game.claim(by: .two, at: moment(2))
        _ = select(set, by: .two, in: &game, at: 3)
        #expect(game.twoPlayer?.gracePeriod == nil)
        #expect(game.claim(by: .one, at: moment(4)) == .claimed(deadline: moment(14), isPenaltyFree: false))
    }

    @Test func aGracePlayerMayDealAndHandTheGraceBack() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.dealThreeMore(by: .one, at: moment(1))
        guard case .dealt(let cards, penalty: _, missed: _) = game.dealThreeMore(by: .two, at: moment(2))
        else {
            Issue.record("The grace player should have been able to deal.")
            return
        }
        #expect(cards.count == 3)
        #expect(game.twoPlayer?.gracePeriod?.player == .one)
        #expect(game.twoPlayer?.gracePeriod?.end == moment(22))
    }

    @Test func aTieHasNoLeader() throws {
        let game = try Fixtures.game(mode: twoPlayers)
        #expect(game.leader == nil)
        #expect(try Fixtures.game().leader == nil)
    }
}

extension SetGameTwoPlayerTests {
    @Test func tickClearsEndedGracePeriodsAndLockouts() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(0))
        game.tick(at: moment(10))
        game.dealThreeMore(by: .two, at: moment(11))
        #expect(game.twoPlayer?.lockedOutUntil.one == moment(15))
        #expect(game.twoPlayer?.gracePeriod != nil)
        #expect(game.tick(at: moment(40)) == .unchanged)
        #expect(game.twoPlayer?.lockedOutUntil.one == nil)
        #expect(game.twoPlayer?.gracePeriod == nil)
    }
}

// MARK: - Queries

extension SetGameTwoPlayerTests {
    @Test func theQueriesAgreeWithTheMoves() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        #expect(game.claimRejection(by: .one, at: moment(0)) == nil)
        #expect(game.dealRejection(by: .two, at: moment(0)) == nil)
        game.claim(by: .one, at: moment(1))
        #expect(game.claimRejection(by: .two, at: moment(2)) == .tableClaimed(by: .one))
        #expect(game.dealRejection(by: .one, at: moment(2)) == .tableClaimed(by: .one))
        // Asking does not move: the claim that ran out at 11 is still in the game.
        #expect(game.claimRejection(by: .one, at: moment(12)) == .lockedOut(until: moment(16)))
        #expect(game.claimRejection(by: .two, at: moment(12)) == nil)
        #expect(game.dealRejection(by: .two, at: moment(12)) == nil)
        #expect(game.twoPlayer?.claim != nil)
        #expect(game.claim(by: .one, at: moment(12)) == .rejected(.lockedOut(until: moment(16))))
        game.dealThreeMore(by: .two, at: moment(13))
        #expect(game.dealRejection(by: .one, at: moment(14)) == nil)
        #expect(game.dealRejection(by: .two, at: moment(14)) == .gracePeriod(for: .one, until: moment(33)))
        #expect(game.claimRejection(by: .two, at: moment(14)) == .gracePeriod(for: .one, until: moment(33)))
        #expect(game.hintRejection(by: .two) == nil)
    }

    /// The table is the claimer's: the other player cannot buy a hint meanwhile; the claimer can.
    @Test func onlyTheClaimerMayAskForAHintDuringAClaim() throws {
        var game = try Fixtures.game(mode: twoPlayers)
        game.claim(by: .one, at: moment(1))
        #expect(game.hintRejection(by: .two) == .tableClaimed(by: .one))
        let before = game
        #expect(game.revealHint(by: .two, at: moment(2)) == .rejected(.tableClaimed(by: .one)))
        #expect(game == before)
        #expect(game.hintRejection(by: .one) == nil)
        guard case .revealed(_, let cost) = game.revealHint(by: .one, at: moment(2)) else {
            Issue.record("The claimer should get the hint")
            return
        }
        #expect(cost == game.scoring.hintPenalty)
        #expect(game.scores.one == -cost)
        #expect(game.scores.two == 0)
    }

    @Test func soloGamesRejectSecondPlayers() throws {
        let game = try Fixtures.game()
        #expect(game.claimRejection(by: .one, at: moment(0)) == .notATwoPlayerGame)
        #expect(game.dealRejection(by: .two, at: moment(0)) == .notATwoPlayerGame)
        #expect(game.hintRejection(by: .two) == .notATwoPlayerGame)
        #expect(game.dealRejection(at: moment(0)) == nil)
        #expect(game.canRevealHint)
        let over = try SetGame(deck: [], table: Fixtures.nonSet, at: moment(0))
        #expect(!over.canRevealHint)
        #expect(over.hintRejection() == .gameOver)
        #expect(over.dealRejection(at: moment(0)) == .deckEmpty)
    }
}
