#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Selecting cards (tasks 5–9)

extension SetGame {
    /// Touches a card on the table.
    ///
    /// - With 0–2 cards selected, an unselected card joins the selection and a selected one leaves it.
    ///   The third card is judged at once: a match scores, a mismatch costs points.
    /// - With a matched Set selected, the Set goes to the discard pile. Its table positions are refilled
    ///   from the deck only while the table would otherwise hold fewer than 12 cards; the others are
    ///   removed. Then the touched card is selected, unless it was one of the Set.
    /// - With three non-matching cards selected, they are deselected and the touched card alone is
    ///   selected, whether or not it was one of them.
    ///
    /// A match that leaves the deck empty and no Set among the other cards ends the game: its Set goes
    /// to the discard pile at once, since no touch can follow.
    ///
    /// In a two-player game only the player holding the claim may touch cards.
    /// - Parameters:
    ///   - card: The touched card.
    ///   - player: Who touched it; always ``SetPlayer/one`` in a solo game.
    ///   - now: When, for the speed bonus and claim timeouts.
    @discardableResult
    public mutating func select(_ card: SetCard, by player: SetPlayer = .one, at now: Date)
        -> SelectionOutcome
    {
        expireTimers(at: now)
        if let rejection = rejectionOfSelection(of: card, by: player) {
            return .rejected(rejection)
        }
        defer { clockDidRecordMove(at: now) }
        switch selectionIsMatch {
        case true?:
            let matched = clearMatchedSelection(at: now)
            guard !matched.contains(card) else { return .clearedMatch(matched, thenSelected: nil) }
            selection = [card]
            return .clearedMatch(matched, thenSelected: card)
        case false?:
            selection = [card]
            return .selected(card)
        case nil:
            if let index = selection.firstIndex(of: card) {
                selection.remove(at: index)
                return .deselected(card)
            }
            selection.append(card)
            return selection.count == 3 ? judgeSelection(by: player, at: now) : .selected(card)
        }
    }

    // MARK: - Internal

    /// Moves the matched, selected Set to the discard pile and empties the selection.
    ///
    /// The Set is replaced from the deck in the same table positions, but only while the table would
    /// otherwise hold fewer than ``standardTableSize`` cards; positions that get no new card (deck
    /// empty, or the table held more than 12) are removed and the table shrinks.
    /// - Returns: The cleared Set.
    mutating func clearMatchedSelection(at now: Date) -> SetTrio {
        let matched = SetTrio(unchecked: selection[0], selection[1], selection[2])
        let positions = selection.compactMap { table.firstIndex(of: $0) }.sorted()
        let remaining = table.count - positions.count
        let replacementCount = min(positions.count, deck.count, max(0, Self.standardTableSize - remaining))
        for position in positions.prefix(replacementCount) {
            table[position] = deck.removeFirst()
        }
        for position in positions.dropFirst(replacementCount).reversed() {
            table.remove(at: position)
        }
        discardPile.append(contentsOf: selection)
        selection = []
        tableDidChange(at: now)
        return matched
    }

    /// The table without a matched selection, which is about to leave it.
    var cardsStayingOnTable: [SetCard] {
        selectionIsMatch == true ? table.filter { !selection.contains($0) } : table
    }

    /// Restarts the search for a Set, and forgets the hint unless it shows a Set still on the table.
    mutating func tableDidChange(at now: Date) {
        tableChangedAt = now
        if case .set(let trio)? = hint, trio.cards.allSatisfy(table.contains) { return }
        hint = nil
    }

    // MARK: - Private

    private func rejectionOfSelection(of card: SetCard, by player: SetPlayer) -> SetMoveRejection? {
        if let rejection = rejectionOfPlayer(player) { return rejection }
        guard table.contains(card) else { return .cardNotOnTable }
        guard !isOver else { return .gameOver }
        guard let twoPlayer else { return nil }
        guard let claim = twoPlayer.claim else { return .claimRequired }
        return claim.player == player ? nil : .tableClaimed(by: claim.player)
    }

    /// Scores the three selected cards for `player`.
    private mutating func judgeSelection(by player: SetPlayer, at now: Date) -> SelectionOutcome {
        if selectionIsMatch == true {
            let matched = SetTrio(unchecked: selection[0], selection[1], selection[2])
            let speedBonus =
                hint == nil ? scoring.speedBonus(after: now.timeIntervalSince(tableChangedAt)) : 0
            let points = scoring.matchPoints + speedBonus
            scores[player] += points
            tallies?[player].sets += 1
            tallies?[player].setPoints += points
            claimDidSucceed()
            if deck.isEmpty, !SetRules.containsSet(cardsStayingOnTable) {
                // NB: no touch can follow the last Set, so it goes to the discard pile now.
                _ = clearMatchedSelection(at: now)
            }
            return .matched(matched, points: points)
        }
        let penalty = claimDidFail(at: now) ? scoring.mismatchPenalty : 0
        scores[player] -= penalty
        tallies?[player].wrongSets += 1
        tallies?[player].wrongSetPenalties += penalty
        return .mismatched(selectionViolations, penalty: penalty)
    }
}
