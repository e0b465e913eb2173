#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Hints (extra credit 6)

extension SetGame {
    /// Reveals one match on the table, or that there is none, for ``SetScoring/hintPenalty`` points.
    ///
    /// The hint stays in ``hint`` while its match can still be taken (a "no Set" hint until the
    /// table changes); asking again meanwhile returns it for free. A match that is still selected
    /// is about to leave the table, so the hint looks among the other cards.
    /// - Parameters:
    ///   - player: Who pays; always ``SetPlayer/one`` in a solo game.
    ///   - now: When, for the game's clock (a first hint starts it).
    /// - Returns: The hint and what it cost, or why there is none (`player` is not in this game,
    ///   or the game is over).
    @discardableResult
    public mutating func revealHint(by player: SetPlayer = .one, at now: Date) -> HintOutcome {
        if let rejection = hintRejection(by: player) { return .rejected(rejection) }
        defer { clockDidRecordMove(at: now) }
        if let hint { return .revealed(hint, cost: 0) }
        let revealed = firstMatchAfterSelection.map(SetHint.match) ?? .noSet
        scores[player] -= scoring.hintPenalty
        tallies?[player].hintPenalties += scoring.hintPenalty
        hint = revealed
        return .revealed(revealed, cost: scoring.hintPenalty)
    }

    /// Why ``revealHint(by:at:)`` would give nothing to `player`: they are not in this game, it is
    /// over, or the other player holds the claim (the table is theirs until it ends); `nil` when a
    /// hint is available.
    public func hintRejection(by player: SetPlayer = .one) -> SetMoveRejection? {
        if let rejection = rejectionOfPlayer(player) { return rejection }
        if isOver { return .gameOver }
        if let claimer = twoPlayer?.claim?.player, claimer != player { return .tableClaimed(by: claimer) }
        return nil
    }

    /// Whether a hint can be revealed (for player one, the solo player): the game is not over.
    public var canRevealHint: Bool { hintRejection() == nil }
}
