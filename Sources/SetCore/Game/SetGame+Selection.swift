#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Selecting cards (tasks 5–9)

extension SetGame {
    /// Touches a card on the table (or, in Set-Chain, of the previous Set).
    ///
    /// - With fewer than a match's worth of cards selected (three, four in UltraSet), an
    ///   unselected card joins the selection and a selected one leaves it; in Set-Chain a card of
    ///   the previous Set takes the place of another one selected. The last card is judged at
    ///   once: a match scores, a mismatch costs points.
    /// - With a match selected, it leaves the table. Its table positions are refilled from the
    ///   deck only while the table would otherwise hold fewer than the variant's
    ///   ``SetVariant/tableSize``; the others are removed. Then the touched card is selected, unless
    ///   it was one of the match or has left play.
    /// - With a complete non-matching selection, it is deselected and the touched card alone is
    ///   selected, whether or not it was one of them.
    ///
    /// A match that leaves the deck empty and no match among the other cards ends the game: it
    /// leaves the table at once, since no touch can follow.
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
            guard !matched.contains(card), isInPlay(card) else {
                return .clearedMatch(matched, thenSelected: nil)
            }
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
            if let previousSet, previousSet.contains(card) {
                selection.removeAll(where: previousSet.contains)
            }
            selection.append(card)
            return selection.count == variant.cardsPerMatch
                ? judgeSelection(by: player, at: now) : .selected(card)
        }
    }

    // MARK: - Internal

    /// Takes the selected match off the table and empties the selection.
    ///
    /// The match is replaced from the deck in the same table positions, but only while the table
    /// would otherwise hold fewer than the variant's ``SetVariant/tableSize`` cards; positions that
    /// get no new card (deck empty, or the table held more) are removed and the table shrinks.
    /// The match goes to the discard pile; in Set-Chain it becomes the ``previousSet`` instead,
    /// and the cards of the old one that it did not reuse go to the discard pile.
    /// - Precondition: the selection is a match.
    /// - Returns: The match.
    mutating func clearMatchedSelection(at now: Date) -> SetMatch {
        guard let matched = selectionMatch else { preconditionFailure("No match is selected.") }
        let positions = selection.compactMap { table.firstIndex(of: $0) }.sorted()
        let remaining = table.count - positions.count
        let replacementCount = min(positions.count, deck.count, max(0, variant.tableSize - remaining))
        for position in positions.prefix(replacementCount) {
            table[position] = deck.removeFirst()
        }
        for position in positions.dropFirst(replacementCount).reversed() {
            table.remove(at: position)
        }
        if variant == .chain {
            discardPile.append(contentsOf: previousSet?.cards.filter { !matched.contains($0) } ?? [])
            previousSet = matched.trio
        } else {
            discardPile.append(contentsOf: selection)
        }
        selection = []
        tableDidChange(at: now)
        return matched
    }

    /// Whether a match will be left once the selected match, if any, has left the table (before
    /// any replacement is dealt).
    var hasMatchAfterSelection: Bool {
        firstMatchAfterSelection != nil
    }

    /// The first match among the cards that stay once the selected match, if any, has left.
    var firstMatchAfterSelection: SetMatch? {
        guard let matched = selectionMatch else {
            return variant.firstMatch(onTable: table, after: previousSet)
        }
        let staying = table.filter { !matched.contains($0) }
        return variant.firstMatch(onTable: staying, after: variant == .chain ? matched.trio : nil)
    }

    /// Restarts the search for a match, and forgets the hint unless its match is still to be had.
    mutating func tableDidChange(at now: Date) {
        tableChangedAt = now
        if case .match(let match)? = hint, match.cards.allSatisfy(isInPlay),
            variant.match(match.cards, after: previousSet) != nil
        {
            return
        }
        hint = nil
    }

    // MARK: - Private

    private func rejectionOfSelection(of card: SetCard, by player: SetPlayer) -> SetMoveRejection? {
        if let rejection = rejectionOfPlayer(player) { return rejection }
        guard isInPlay(card) else { return .cardNotOnTable }
        guard !isOver else { return .gameOver }
        guard let twoPlayer else { return nil }
        guard let claim = twoPlayer.claim else { return .claimRequired }
        return claim.player == player ? nil : .tableClaimed(by: claim.player)
    }

    /// Scores the complete selection for `player`.
    private mutating func judgeSelection(by player: SetPlayer, at now: Date) -> SelectionOutcome {
        if let matched = selectionMatch {
            let speedBonus =
                hint == nil ? scoring.speedBonus(after: now.timeIntervalSince(tableChangedAt)) : 0
            let points = scoring.matchPoints + speedBonus
            scores[player] += points
            tallies?[player].sets += 1
            tallies?[player].setPoints += points
            claimDidSucceed()
            if deck.isEmpty, !hasMatchAfterSelection {
                // NB: no touch can follow the last match, so it leaves the table now.
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
