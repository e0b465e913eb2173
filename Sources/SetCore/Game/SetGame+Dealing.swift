#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deal 3 More Cards (task 10)

extension SetGame {
    /// "Deal 3 More Cards".
    ///
    /// With a matched Set selected it clears the Set exactly as a touch would (nothing ends up
    /// selected) and deals nothing more. Otherwise it adds three cards to the end of the table and
    /// leaves the selection alone; if the table held a match *before* the deal, `player` loses
    /// ``SetScoring/needlessDealPenalty`` and the Sets are recorded in ``missedSets``.
    ///
    /// Rejected when the deck is empty. In a two-player game it is also rejected while anyone holds
    /// a claim or while the opponent's grace period runs, and it starts a grace period for the
    /// opponent.
    @discardableResult
    public mutating func dealThreeMore(by player: SetPlayer = .one, at now: Date) -> DealOutcome {
        expireTimers(at: now)
        if let rejection = rejectionOfDeal(by: player, at: now) {
            return .rejected(rejection)
        }
        defer { clockDidRecordMove(at: now) }
        if selectionIsMatch == true {
            return .clearedMatch(clearMatchedSelection(at: now))
        }
        let matches = matchesOnTable
        let missed = matches.isEmpty ? nil : MissedSets(matches: matches, player: player, date: now)
        let penalty = missed == nil ? 0 : scoring.needlessDealPenalty
        if let missed {
            scores[player] -= penalty
            tallies?[player].dealPenalties += penalty
            missedSets.append(missed)
        }
        let dealt = Array(deck.prefix(3))
        deck.removeFirst(dealt.count)
        table.append(contentsOf: dealt)
        tableDidChange(at: now)
        startGracePeriod(afterDealBy: player, at: now)
        return .dealt(dealt, penalty: penalty, missed: missed)
    }

    /// Why ``dealThreeMore(by:at:)`` would be rejected for `player` at `now`, or `nil` when it would
    /// deal (or clear a matched Set). Asks without moving: claims that ran out by `now` count as over.
    public func dealRejection(by player: SetPlayer = .one, at now: Date) -> SetMoveRejection? {
        var game = self
        game.expireTimers(at: now)
        return game.rejectionOfDeal(by: player, at: now)
    }

    // MARK: - Private

    private func rejectionOfDeal(by player: SetPlayer, at now: Date) -> SetMoveRejection? {
        if let rejection = rejectionOfPlayer(player) { return rejection }
        guard !deck.isEmpty else { return .deckEmpty }
        guard let twoPlayer else { return nil }
        if let claim = twoPlayer.claim { return .tableClaimed(by: claim.player) }
        if let gracePlayer = twoPlayer.gracePlayer(at: now), gracePlayer != player,
            let gracePeriod = twoPlayer.gracePeriod
        {
            return .gracePeriod(for: gracePlayer, until: gracePeriod.end)
        }
        return nil
    }
}
