#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MultiplayerSetGame {
    /// Judges `seat`'s claim that `cards` are a match (a Set; an UltraSet in that variant).
    ///
    /// - A match goes to the claimer's pile for ``pointsPerSet``. Its table places are refilled
    ///   from the deck while the table would otherwise hold fewer than the variant's
    ///   ``SetVariant/tableSize``, the others close up; then three more are dealt while no match is
    ///   left. In Set-Chain the Set becomes the ``previousSet``.
    /// - A claim naming a card that another claim took first is ``MultiplayerClaimOutcome/tooLate(takenBy:)``
    ///   and costs nothing (in Set-Chain, also a card of a previous Set that a newer Set replaced).
    /// - A claim naming a card of `unseen` (dealt after the table the claimer chose from) is
    ///   ``MultiplayerClaimOutcome/tableChanged(unseen:)``, match or not: it costs nothing and
    ///   earns nothing.
    /// - Cards in play that are not a match cost ``wrongSetPenalty``.
    /// - Anything else (the wrong number of cards or a repeated card, a card still in the deck, a
    ///   seat that is not at the table, a finished game) is rejected and changes nothing.
    @discardableResult
    public mutating func claim(
        _ cards: [SetCard], by seat: Seat, at now: Date, unseen: Set<SetCard> = []
    ) -> MultiplayerClaimOutcome {
        guard isSeat(seat) else { return .rejected(.notASeat) }
        guard !isOver else { return .rejected(.gameOver) }
        guard cards.count == variant.cardsPerMatch, Set(cards).count == cards.count else {
            return .rejected(.wrongNumberOfCards)
        }
        for card in cards where !isInPlay(card) {
            if let taken = latestTaker(of: card) { return .tooLate(takenBy: taken) }
        }
        guard cards.allSatisfy(isInPlay) else { return .rejected(.cardNotOnTable) }
        let notSeen = cards.filter(unseen.contains)
        guard notSeen.isEmpty else { return .tableChanged(unseen: notSeen) }
        defer { clock.record(moveAt: now, endingTheGame: isOver) }
        guard let match = variant.match(cards, after: previousSet) else {
            scores[seat] -= Self.wrongSetPenalty
            return .notASet(variant.violations(cards), penalty: Self.wrongSetPenalty)
        }
        piles[seat].append(match)
        scores[seat] += Self.pointsPerSet
        let replacements = take(match)
        dealVotes = []
        let autoDealt = dealWhileNoMatch()
        return .scored(match, points: Self.pointsPerSet, replacements: replacements, autoDealt: autoDealt)
    }

    // MARK: - Private

    /// Who took `card` out of play: in Set-Chain, whoever took the Set that replaced the previous
    /// Set it was in; otherwise the one who took it.
    private func latestTaker(of card: SetCard) -> Seat? {
        if let previousSet, variant == .chain,
            let seat = piles.firstIndex(where: { $0.last?.trio == previousSet }),
            holder(of: card) != nil
        {
            return seat
        }
        return holder(of: card)
    }

    /// Takes the match off the table, refilling its places from the deck only while the table
    /// would otherwise hold fewer than the variant's ``SetVariant/tableSize``; in Set-Chain the Set
    /// becomes the previous Set.
    /// - Returns: The cards that took the match's places.
    private mutating func take(_ match: SetMatch) -> [SetCard] {
        let positions = match.cards.compactMap { table.firstIndex(of: $0) }.sorted()
        let remaining = table.count - positions.count
        let count = min(positions.count, deck.count, max(0, variant.tableSize - remaining))
        var replacements: [SetCard] = []
        for position in positions.prefix(count) {
            table[position] = deck.removeFirst()
            replacements.append(table[position])
        }
        for position in positions.dropFirst(count).reversed() {
            table.remove(at: position)
        }
        if variant == .chain { previousSet = match.trio }
        return replacements
    }
}

/// What a claim did.
public enum MultiplayerClaimOutcome: Hashable, Sendable {
    /// The claimer took the match: the cards that took its places, and any dealt afterwards
    /// because no match was left.
    case scored(SetMatch, points: Int, replacements: [SetCard], autoDealt: [SetCard])
    /// Not a match, and why (empty when the reason is the variant's own); the claimer lost
    /// `penalty` points.
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
    /// Not a match's number of different cards (saved under its first name).
    case wrongNumberOfCards = "notThreeCards"
    case cardNotOnTable
    case deckEmpty
    case notActive
}
