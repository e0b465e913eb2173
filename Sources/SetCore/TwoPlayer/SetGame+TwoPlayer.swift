#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Two players (extra credit 7)

extension SetGame {
    /// Claims the table for `player`, who then has the claim time limit to select a Set.
    ///
    /// Rejected in a solo game, when the game is over, while anyone holds a claim, while the
    /// opponent's grace period runs, and while `player` is locked out after a miss.
    @discardableResult
    public mutating func claim(by player: SetPlayer, at now: Date) -> ClaimOutcome {
        expireTimers(at: now)
        if let rejection = rejectionOfClaim(by: player, at: now) { return .rejected(rejection) }
        guard var state = twoPlayer else { return .rejected(.notATwoPlayerGame) }
        let claim = SetClaim(
            player: player,
            deadline: now.addingTimeInterval(state.rules.claimTimeLimit),
            isPenaltyFree: state.gracePlayer(at: now) == player
        )
        state.claim = claim
        twoPlayer = state
        clockDidRecordMove(at: now)
        return .claimed(deadline: claim.deadline, isPenaltyFree: claim.isPenaltyFree)
    }

    /// Why ``claim(by:at:)`` would be rejected for `player` at `now`, or `nil` when they may claim.
    /// Asks without moving: a claim that ran out by `now` counts as over (and locks its claimer out).
    public func claimRejection(by player: SetPlayer, at now: Date) -> SetMoveRejection? {
        var game = self
        game.expireTimers(at: now)
        return game.rejectionOfClaim(by: player, at: now)
    }

    /// Lets time pass: a claim whose deadline is at or before `now` times out, and grace periods and
    /// lockouts that have ended are cleared.
    ///
    /// Every move does this first, so calling it is needed only to notice a timeout while nobody moves.
    @discardableResult
    public mutating func tick(at now: Date) -> TickOutcome {
        expireTimers(at: now)
    }

    /// The player with more points in a two-player game, or `nil` on a tie or in a solo game.
    public var leader: SetPlayer? {
        guard twoPlayer != nil, scores.one != scores.two else { return nil }
        return scores.one > scores.two ? .one : .two
    }

    // MARK: - Internal

    /// Why `player` may not move in this game at all, if they may not.
    func rejectionOfPlayer(_ player: SetPlayer) -> SetMoveRejection? {
        twoPlayer == nil && player != .one ? .notATwoPlayerGame : nil
    }

    /// Ends a claim whose time is up, with the same cost as a mismatch, then clears ended grace
    /// periods and lockouts. Every move calls this first.
    @discardableResult
    mutating func expireTimers(at now: Date) -> TickOutcome {
        let outcome = expireClaim(at: now)
        if let end = twoPlayer?.gracePeriod?.end, end <= now {
            twoPlayer?.gracePeriod = nil
        }
        for player in SetPlayer.allCases {
            if let until = twoPlayer?.lockedOutUntil[player], until <= now {
                twoPlayer?.lockedOutUntil[player] = nil
            }
        }
        return outcome
    }

    /// Ends the claim after a match; the grace period ends too, because the table is about to change.
    mutating func claimDidSucceed() {
        twoPlayer?.claim = nil
        twoPlayer?.gracePeriod = nil
    }

    /// Ends the claim after a mismatch or timeout and locks the claimer out, even after a
    /// penalty-free miss (so a grace period cannot be spent trying trios at random).
    /// - Returns: Whether the miss costs points: always in a solo game, unless penalty-free otherwise.
    mutating func claimDidFail(at now: Date) -> Bool {
        guard var state = twoPlayer, let claim = state.claim else { return true }
        state.claim = nil
        state.lockedOutUntil[claim.player] = now.addingTimeInterval(state.rules.lockoutAfterMiss)
        twoPlayer = state
        return !claim.isPenaltyFree
    }

    /// Gives the opponent of `dealer` the table to themselves for a while.
    mutating func startGracePeriod(afterDealBy dealer: SetPlayer, at now: Date) {
        guard let rules = twoPlayer?.rules else { return }
        twoPlayer?.gracePeriod = SetGracePeriod(
            player: dealer.other,
            end: now.addingTimeInterval(rules.gracePeriodAfterDeal)
        )
    }

    // MARK: - Private

    /// Why `player` may not claim, once timers have been expired at `now`.
    private func rejectionOfClaim(by player: SetPlayer, at now: Date) -> SetMoveRejection? {
        guard let state = twoPlayer else { return .notATwoPlayerGame }
        guard !isOver else { return .gameOver }
        if let claim = state.claim { return .tableClaimed(by: claim.player) }
        if let gracePlayer = state.gracePlayer(at: now), gracePlayer != player,
            let gracePeriod = state.gracePeriod
        {
            return .gracePeriod(for: gracePlayer, until: gracePeriod.end)
        }
        if let until = state.lockedOutUntil[player], until > now {
            return .lockedOut(until: until)
        }
        return nil
    }

    /// Ends a claim whose time is up, with the same cost as a mismatch.
    private mutating func expireClaim(at now: Date) -> TickOutcome {
        guard let claim = twoPlayer?.claim, claim.deadline <= now else { return .unchanged }
        if selection.count < variant.cardsPerMatch { selection = [] }
        // NB: the miss happened at the deadline, however late it is noticed.
        let penalty = claimDidFail(at: claim.deadline) ? scoring.mismatchPenalty : 0
        scores[claim.player] -= penalty
        tallies?[claim.player].claimsOutOfTime += 1
        tallies?[claim.player].claimOutOfTimePenalties += penalty
        return .claimTimedOut(claim.player, penalty: penalty)
    }
}
