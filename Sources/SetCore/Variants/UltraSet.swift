/// Four distinct cards that split into two pairs completed by the same card: an UltraSet.
///
/// With `a` and `b` in one pair and `c` and `d` in the other, `{a, b, x}` and `{c, d, x}` are
/// both Sets for one card `x`, the ``completingCard``, which need not be on the table. Four
/// cards split that way in at most one way, so an UltraSet is determined by its cards; it is
/// kept with each pair in ascending ``SetCard/id`` order and the pair holding the smallest card
/// first, so equal UltraSets compare equal however they were found.
public struct UltraSet: Hashable, Sendable {
    /// The pair holding the card with the smallest id.
    public let firstPair: (SetCard, SetCard)
    /// The other pair.
    public let secondPair: (SetCard, SetCard)
    /// The card that makes a Set with either pair.
    public let completingCard: SetCard

    // MARK: - Creating UltraSets

    /// The UltraSet made of these four cards, or `nil` unless they make one.
    public init?(_ cards: [SetCard]) {
        guard cards.count == 4, Set(cards).count == 4 else { return nil }
        let (a, b, c, d) = (cards[0], cards[1], cards[2], cards[3])
        for ((p, q), (r, s)) in [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))] {
            let completing = SetRules.completingCard(for: p, and: q)
            if completing == SetRules.completingCard(for: r, and: s) {
                self.init(unchecked: (p, q), (r, s), completingCard: completing)
                return
            }
        }
        return nil
    }

    /// Two disjoint pairs the caller has checked share `completingCard`.
    init(unchecked one: (SetCard, SetCard), _ other: (SetCard, SetCard), completingCard: SetCard) {
        let one = one.0 < one.1 ? one : (one.1, one.0)
        let other = other.0 < other.1 ? other : (other.1, other.0)
        (firstPair, secondPair) = one.0 < other.0 ? (one, other) : (other, one)
        self.completingCard = completingCard
    }

    // MARK: - Queries

    /// The four cards, in ascending id order.
    public var cards: [SetCard] {
        [firstPair.0, firstPair.1, secondPair.0, secondPair.1].sorted()
    }

    /// Whether `card` is one of the four.
    public func contains(_ card: SetCard) -> Bool {
        card == firstPair.0 || card == firstPair.1 || card == secondPair.0 || card == secondPair.1
    }

    // MARK: - Equality

    public static func == (lhs: UltraSet, rhs: UltraSet) -> Bool {
        lhs.firstPair == rhs.firstPair && lhs.secondPair == rhs.secondPair
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(firstPair.0)
        hasher.combine(firstPair.1)
        hasher.combine(secondPair.0)
        hasher.combine(secondPair.1)
    }
}
