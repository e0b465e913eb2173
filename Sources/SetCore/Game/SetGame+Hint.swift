// MARK: - Hints (extra credit 6)

extension SetGame {
    /// Reveals one Set on the table, or that there is none, for ``SetScoring/hintPenalty`` points.
    ///
    /// The hint stays in ``hint`` while its Set is on the table (a "no Set" hint until the table
    /// changes); asking again meanwhile returns it for free. A matched Set that is still selected
    /// is about to leave the table, so the hint looks among the other cards.
    /// - Parameter player: Who pays; always ``SetPlayer/one`` in a solo game.
    /// - Returns: The hint, or `nil` if `player` is not in this game.
    @discardableResult
    public mutating func revealHint(by player: SetPlayer = .one) -> SetHint? {
        guard rejectionOfPlayer(player) == nil else { return nil }
        if let hint { return hint }
        let candidates = selectionIsMatch == true ? table.filter { !selection.contains($0) } : table
        let revealed = SetRules.firstSet(in: candidates).map(SetHint.set) ?? .noSet
        scores[player] -= scoring.hintPenalty
        hint = revealed
        return revealed
    }
}
