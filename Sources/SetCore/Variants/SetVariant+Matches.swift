// MARK: - Finding and judging matches

extension SetVariant {
    /// Every match a player could take from `table`, each once.
    ///
    /// - Parameters:
    ///   - table: The cards on the table.
    ///   - previousSet: In Set-Chain, the Set taken last (one of its cards must be reused); `nil`
    ///     before the first Set and in the other variants.
    public func matches(onTable table: [SetCard], after previousSet: SetTrio? = nil) -> [SetMatch] {
        var found: [SetMatch] = []
        forEachMatch(onTable: table, after: previousSet) {
            found.append($0)
            return true
        }
        return found
    }

    /// The first match of ``matches(onTable:after:)``, or `nil` when there is none.
    public func firstMatch(onTable table: [SetCard], after previousSet: SetTrio? = nil) -> SetMatch? {
        var found: SetMatch?
        forEachMatch(onTable: table, after: previousSet) {
            found = $0
            return false
        }
        return found
    }

    /// Whether `table` holds a match.
    public func hasMatch(onTable table: [SetCard], after previousSet: SetTrio? = nil) -> Bool {
        firstMatch(onTable: table, after: previousSet) != nil
    }

    /// The match `cards` make, or `nil`; `cards` must number ``cardsPerMatch``.
    ///
    /// In Set-Chain after the first Set, a match is a Set with exactly one card of `previousSet`.
    public func match(_ cards: [SetCard], after previousSet: SetTrio? = nil) -> SetMatch? {
        switch self {
        case .ultra:
            return UltraSet(cards).map(SetMatch.ultra)
        case .normal, .junior, .chain:
            guard cards.count == 3, let trio = SetTrio(cards[0], cards[1], cards[2]) else { return nil }
            if self == .chain, let previousSet, cards.count(where: previousSet.contains) != 1 {
                return nil
            }
            return .set(trio)
        }
    }

    /// Why `cards` are not a match: for three cards that are not a Set, the features that keep
    /// them from being one; empty when the reason is the variant's own (not an UltraSet, or a
    /// Set that does not reuse one card of the previous Set).
    public func violations(_ cards: [SetCard]) -> [SetViolation] {
        guard cards.count == 3 else { return [] }
        return SetRules.violations(cards[0], cards[1], cards[2])
    }

    // MARK: - Private

    /// Calls `body` once per match until it returns `false`.
    private func forEachMatch(
        onTable table: [SetCard], after previousSet: SetTrio?, _ body: (SetMatch) -> Bool
    ) {
        switch self {
        case .normal, .junior:
            for trio in SetRules.allSets(in: table) where !body(.set(trio)) { return }
        case .chain:
            guard let previousSet else {
                for trio in SetRules.allSets(in: table) where !body(.set(trio)) { return }
                return
            }
            forEachChainedSet(onTable: table, reusing: previousSet) { body(.set($0)) }
        case .ultra:
            forEachUltraSet(onTable: table) { body(.ultra($0)) }
        }
    }

    /// Sets made of one card of `previousSet` and two of `table`, by chain card, then table order.
    private func forEachChainedSet(
        onTable table: [SetCard], reusing previousSet: SetTrio, _ body: (SetTrio) -> Bool
    ) {
        var position = [Int](repeating: -1, count: SetCard.deckSize)
        for (index, card) in table.enumerated() where position[card.id] < 0 {
            position[card.id] = index
        }
        for reused in previousSet.cards {
            for (index, card) in table.enumerated() where position[card.id] == index {
                let third = SetRules.completingCard(for: reused, and: card)
                guard position[third.id] > index else { continue }
                if !body(SetTrio(unchecked: reused, card, third)) { return }
            }
        }
    }

    /// UltraSets among `table`: pairs grouped by the card completing them; two pairs in a group
    /// are always disjoint (a card and its completing card determine the pair's other card).
    private func forEachUltraSet(onTable table: [SetCard], _ body: (UltraSet) -> Bool) {
        var seen = CardMask()
        var cards: [SetCard] = []
        for card in table where !seen.contains(card.id) {
            seen.insert(card.id)
            cards.append(card)
        }
        var pairsByCompletingCard = [[(SetCard, SetCard)]](repeating: [], count: SetCard.deckSize)
        for firstIndex in cards.indices {
            for secondIndex in (firstIndex + 1)..<cards.count {
                let pair = (cards[firstIndex], cards[secondIndex])
                let completing = SetRules.completingCard(for: pair.0, and: pair.1)
                for earlier in pairsByCompletingCard[completing.id] {
                    if !body(UltraSet(unchecked: earlier, pair, completingCard: completing)) { return }
                }
                pairsByCompletingCard[completing.id].append(pair)
            }
        }
    }
}
