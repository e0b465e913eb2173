/// A person's search of a table, looking at pairs of cards in random order: for each pair they
/// work out the card that would complete it, until a pair leads to a match.
///
/// - Normal and Junior, and Set-Chain's first Set: every pair of table cards; a pair leads to a
///   Set when its completing card is on the table.
/// - Set-Chain after the first Set: also a card of the previous Set with a table card; a pair
///   leads to a Set when the three hold exactly one card of the previous Set.
/// - UltraSet: every pair of table cards; a pair leads to an UltraSet when an earlier pair had
///   the same completing card (which need not be on the table).
///
/// More cards make more pairs to look through; more matches make a match sooner.
struct SetTableSearch {
    let table: [SetCard]
    let variant: SetVariant
    let previousSet: SetTrio?

    /// What one search found.
    struct Result: Hashable {
        /// How many pairs were looked at.
        let looks: Int
        /// The match found; `nil` after every pair was looked at in vain.
        let match: SetMatch?
    }

    /// The pairs a person looks through, in table order.
    var pairs: [(SetCard, SetCard)] {
        var pairs: [(SetCard, SetCard)] = []
        for first in table.indices {
            for second in (first + 1)..<table.count { pairs.append((table[first], table[second])) }
        }
        if variant == .chain, let previousSet {
            for reused in previousSet.cards {
                for card in table { pairs.append((reused, card)) }
            }
        }
        return pairs
    }

    /// Looks at the pairs in an order drawn from `generator` until one leads to a match.
    func search(using generator: inout some RandomNumberGenerator) -> Result {
        var order = pairs
        order.shuffle(using: &generator)
        var onTable = CardMask()
        for card in table { onTable.insert(card.id) }
        var earlierPairByCompletingCard: [Int: (SetCard, SetCard)] = [:]
        for (index, pair) in order.enumerated() {
            let completing = SetRules.completingCard(for: pair.0, and: pair.1)
            let match: SetMatch?
            switch variant {
            case .ultra:
                match = earlierPairByCompletingCard[completing.id].map {
                    .ultra(UltraSet(unchecked: $0, pair, completingCard: completing))
                }
                earlierPairByCompletingCard[completing.id] =
                    earlierPairByCompletingCard[completing.id] ?? pair
            case .chain where previousSet != nil:
                let inPlay = onTable.contains(completing.id) || previousSet?.contains(completing) == true
                match = inPlay ? variant.match([pair.0, pair.1, completing], after: previousSet) : nil
            case .normal, .junior, .chain:
                match = onTable.contains(completing.id) ? variant.match([pair.0, pair.1, completing]) : nil
            }
            if let match { return Result(looks: index + 1, match: match) }
        }
        return Result(looks: order.count, match: nil)
    }
}
