/// The precomputed answer to "which card completes these two?" for all 81 × 81 pairs.
///
/// `ids[a * 81 + b]` is the id of the card that forms a Set with cards `a` and `b`. The diagonal
/// (`a == b`) holds `a` itself, which never forms a Set because a Set needs three distinct cards.
enum CompletingCardTable {
    /// The flat 6561-entry table, built once on first use.
    static let ids: [UInt8] = {
        var ids = [UInt8](repeating: 0, count: SetCard.deckSize * SetCard.deckSize)
        for first in SetCard.allCards {
            for second in SetCard.allCards {
                let third = SetCard(
                    number: first.number.completing(second.number),
                    shape: first.shape.completing(second.shape),
                    shading: first.shading.completing(second.shading),
                    color: first.color.completing(second.color)
                )
                ids[first.id * SetCard.deckSize + second.id] = UInt8(third.id)
            }
        }
        return ids
    }()
}
