#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MultiplayerSetGame {
    /// Judges `seat`'s claim that `cards` are a Set.
    ///
    /// - A Set on the table goes to the claimer's pile for ``pointsPerSet``. Its places are
    ///   refilled from the deck while the table would otherwise hold fewer than 12 cards, the
    ///   others close up; then three more are dealt while no Set is left.
    /// - A claim naming a card that another claim took first is ``MultiplayerClaimOutcome/tooLate(takenBy:)``
    ///   and costs nothing.
    /// - A claim naming a card of `unseen` (dealt after the table the claimer chose from) is
    ///   ``MultiplayerClaimOutcome/tableChanged(unseen:)``, Set or not: it costs nothing and
    ///   earns nothing.
    /// - Three cards on the table that are not a Set cost ``wrongSetPenalty``.
    /// - Anything else (not three different cards, a card still in the deck, a seat that is not
    ///   at the table, a finished game) is rejected and changes nothing.
    @discardableResult
    public mutating func claim(
        _ cards: [SetCard], by seat: Seat, at now: Date, unseen: Set<SetCard> = []
    ) -> MultiplayerClaimOutcome {
        guard isSeat(seat) else { return .rejected(.notASeat) }
        guard !isOver else { return .rejected(.gameOver) }
        guard cards.count == 3, Set(cards).count == 3 else { return .rejected(.notThreeCards) }
        for card in cards {
            if let taken = holder(of: card) { return .tooLate(takenBy: taken) }
        }
        guard cards.allSatisfy(table.contains) else { return .rejected(.cardNotOnTable) }
        let notSeen = cards.filter(unseen.contains)
        guard notSeen.isEmpty else { return .tableChanged(unseen: notSeen) }
        defer { clock.record(moveAt: now, endingTheGame: isOver) }
        guard let trio = SetTrio(cards[0], cards[1], cards[2]) else {
            scores[seat] -= Self.wrongSetPenalty
            return .notASet(SetRules.violations(cards[0], cards[1], cards[2]), penalty: Self.wrongSetPenalty)
        }
        piles[seat].append(trio)
        scores[seat] += Self.pointsPerSet
        let replacements = take(trio)
        dealVotes = []
        let autoDealt = dealWhileNoSet()
        return .scored(trio, points: Self.pointsPerSet, replacements: replacements, autoDealt: autoDealt)
    }

    // MARK: - Private

    /// Takes the Set off the table, refilling its places from the deck only while the table would
    /// otherwise hold fewer than 12 cards.
    /// - Returns: The cards that took the Set's places.
    private mutating func take(_ trio: SetTrio) -> [SetCard] {
        let positions = trio.cards.compactMap { table.firstIndex(of: $0) }.sorted()
        let remaining = table.count - positions.count
        let count = min(positions.count, deck.count, max(0, SetGame.standardTableSize - remaining))
        var replacements: [SetCard] = []
        for position in positions.prefix(count) {
            table[position] = deck.removeFirst()
            replacements.append(table[position])
        }
        for position in positions.dropFirst(count).reversed() {
            table.remove(at: position)
        }
        return replacements
    }
}

/// What a claim did.
public enum MultiplayerClaimOutcome: Hashable, Sendable {
    /// The claimer took the Set: the cards that took its places, and any dealt afterwards
    /// because no Set was left.
    case scored(SetTrio, points: Int, replacements: [SetCard], autoDealt: [SetCard])
    /// Not a Set, and why; the claimer lost `penalty` points.
    case notASet([SetViolation], penalty: Int)
    /// Another claim took one of the cards first; nothing is lost.
    case tooLate(takenBy: MultiplayerSetGame.Seat)
    /// The claim names cards dealt after the table the claimer chose from (`unseen`, in the
    /// claim's order); nothing is lost or won.
    case tableChanged(unseen: [SetCard])
    /// The claim could not be judged; nothing changed.
    case rejected(MultiplayerRejection)
}

/// Why a move at a shared table changed nothing.
public enum MultiplayerRejection: String, Hashable, Sendable, Codable {
    case notASeat
    case gameOver
    case notThreeCards
    case cardNotOnTable
    case deckEmpty
    case notActive
}
