/// The rules of Set as pure functions over cards.
public enum SetRules {
    // MARK: - Three cards

    /// Whether three cards are a Set: distinct, and every feature all-same or all-different.
    public static func isSet(_ first: SetCard, _ second: SetCard, _ third: SetCard) -> Bool {
        // NB: the card completing two distinct cards is distinct from both, so checking
        // `first != second` is enough to make all three distinct.
        first != second && completingCard(for: first, and: second) == third
    }

    /// The one card that forms a Set with two distinct cards.
    ///
    /// For two equal cards it returns that same card, which is never a Set.
    public static func completingCard(for first: SetCard, and second: SetCard) -> SetCard {
        let id = CompletingCardTable.ids[first.id * SetCard.deckSize + second.id]
        return SetCard(uncheckedID: Int(id))
    }

    /// Which features keep three cards from being a Set, and how; empty when they are a Set.
    ///
    /// Three cards that are not all distinct share every value of the repeated card, so their
    /// violations describe every feature in which the remaining card differs; three identical cards
    /// have no violations yet are not a Set.
    public static func violations(_ first: SetCard, _ second: SetCard, _ third: SetCard) -> [SetViolation] {
        SetCardFeature.allCases.compactMap { feature in
            let values = (first[feature], second[feature], third[feature])
            if values.0 == values.1, values.1 != values.2 {
                return SetViolation(
                    feature: feature, sharedValue: values.0, oddValue: values.2, oddCard: third)
            }
            if values.0 == values.2, values.0 != values.1 {
                return SetViolation(
                    feature: feature, sharedValue: values.0, oddValue: values.1, oddCard: second)
            }
            if values.1 == values.2, values.0 != values.1 {
                return SetViolation(
                    feature: feature, sharedValue: values.1, oddValue: values.0, oddCard: first)
            }
            return nil
        }
    }

    // MARK: - Many cards

    /// Every Set among `cards`, each once, found pair by pair through the completing card.
    ///
    /// The Sets come in the order of their first two cards' positions in `cards`; repeated cards are
    /// ignored.
    /// This takes one table lookup per pair instead of a check per triple.
    public static func allSets(in cards: some Collection<SetCard>) -> [SetTrio] {
        var sets: [SetTrio] = []
        forEachSet(in: cards) { first, second, third in
            sets.append(SetTrio(unchecked: first, second, third))
            return true
        }
        return sets
    }

    /// The first Set among `cards` in the order of ``allSets(in:)``, or `nil` when there is none.
    public static func firstSet(in cards: some Collection<SetCard>) -> SetTrio? {
        var found: SetTrio?
        forEachSet(in: cards) { first, second, third in
            found = SetTrio(unchecked: first, second, third)
            return false
        }
        return found
    }

    /// Whether `cards` hold at least one Set.
    public static func containsSet(_ cards: some Collection<SetCard>) -> Bool {
        firstSet(in: cards) != nil
    }

    // MARK: - Private

    /// Calls `body` once per Set among `cards` until it returns `false`.
    ///
    /// Each Set is reported once, by the pair of its two earliest cards, when the completing card
    /// comes later in `cards`; Sets therefore come in the order of their first two positions.
    private static func forEachSet(
        in cards: some Collection<SetCard>,
        _ body: (SetCard, SetCard, SetCard) -> Bool
    ) {
        var position = [Int](repeating: -1, count: SetCard.deckSize)
        var distinctCards: [SetCard] = []
        distinctCards.reserveCapacity(cards.count)
        for card in cards where position[card.id] < 0 {
            position[card.id] = distinctCards.count
            distinctCards.append(card)
        }
        let table = CompletingCardTable.ids
        for firstIndex in distinctCards.indices {
            let first = distinctCards[firstIndex]
            for secondIndex in (firstIndex + 1)..<distinctCards.count {
                let second = distinctCards[secondIndex]
                let thirdID = Int(table[first.id * SetCard.deckSize + second.id])
                guard position[thirdID] > secondIndex else { continue }
                if !body(first, second, SetCard(uncheckedID: thirdID)) { return }
            }
        }
    }
}
