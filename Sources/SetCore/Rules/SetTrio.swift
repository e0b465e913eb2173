/// Three distinct cards that form a Set, kept in ascending ``SetCard/id`` order so that equal Sets
/// compare equal however they were found.
public struct SetTrio: Hashable, Sendable {
    /// The three cards, in ascending id order.
    public let cards: [SetCard]

    // MARK: - Creating trios

    /// The Set formed by these three cards, or `nil` unless they are a Set.
    public init?(_ first: SetCard, _ second: SetCard, _ third: SetCard) {
        guard SetRules.isSet(first, second, third) else { return nil }
        self.init(unchecked: first, second, third)
    }

    /// A trio the caller has already checked is a Set.
    init(unchecked first: SetCard, _ second: SetCard, _ third: SetCard) {
        cards = [first, second, third].sorted()
    }

    // MARK: - Queries

    /// Whether `card` is one of the three.
    public func contains(_ card: SetCard) -> Bool {
        cards.contains(card)
    }
}
