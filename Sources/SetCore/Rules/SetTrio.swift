/// Three distinct cards that form a Set, kept in ascending ``SetCard/id`` order so that equal Sets
/// compare equal however they were found.
public struct SetTrio: Hashable, Sendable {
    /// The card with the smallest id.
    public let first: SetCard
    /// The card with the middle id.
    public let second: SetCard
    /// The card with the largest id.
    public let third: SetCard

    // MARK: - Creating trios

    /// The Set formed by these three cards, or `nil` unless they are a Set.
    public init?(_ first: SetCard, _ second: SetCard, _ third: SetCard) {
        guard SetRules.isSet(first, second, third) else { return nil }
        self.init(unchecked: first, second, third)
    }

    /// A trio the caller has already checked is a Set.
    init(unchecked first: SetCard, _ second: SetCard, _ third: SetCard) {
        // NB: sorting three values by hand keeps a trio free of heap allocations.
        let (low, high) = first < second ? (first, second) : (second, first)
        if third < low {
            (self.first, self.second, self.third) = (third, low, high)
        } else if third < high {
            (self.first, self.second, self.third) = (low, third, high)
        } else {
            (self.first, self.second, self.third) = (low, high, third)
        }
    }

    // MARK: - Queries

    /// The three cards, in ascending id order.
    public var cards: [SetCard] { [first, second, third] }

    /// Whether `card` is one of the three.
    public func contains(_ card: SetCard) -> Bool {
        card == first || card == second || card == third
    }
}
