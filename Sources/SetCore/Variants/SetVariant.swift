/// Which game of Set is played: the cards in the deck, how many lie on the table and what a
/// player must find.
///
/// - ``normal``: the 81 cards, 12 on the table, find three that are a Set.
/// - ``junior``: the 27 solid cards (number, shape and color vary), 9 on the table, find a Set.
/// - ``chain``: as Normal, but every Set after the first reuses one card of the Set taken just
///   before it (``SetGame/previousSet``), with two cards from the table.
/// - ``ultra``: as Normal, but find four cards that split into two pairs completed by the same
///   card, which need not be on the table (an ``UltraSet``).
public enum SetVariant: String, CaseIterable, Codable, Hashable, Sendable {
    case normal, junior, chain, ultra

    // MARK: - The deck and the table

    /// The cards of this variant's deck, ordered by ``SetCard/id``.
    public var cards: [SetCard] {
        switch self {
        case .junior: SetCard.allCards.filter { $0.shading == Self.juniorShading }
        case .normal, .chain, .ultra: SetCard.allCards
        }
    }

    /// How many cards a new game deals, and the table size below which taken cards are replaced.
    public var tableSize: Int {
        self == .junior ? 9 : 12
    }

    /// How many cards make one find: four for an UltraSet, three for a Set.
    public var cardsPerMatch: Int {
        self == .ultra ? 4 : 3
    }

    /// Whether `card` belongs to this variant's deck.
    public func contains(_ card: SetCard) -> Bool {
        self != .junior || card.shading == Self.juniorShading
    }

    /// The deck in random order, shuffled with the same steps as ``SetCard/shuffledDeck(using:)``
    /// (for Normal, Set-Chain and UltraSet the very same deck for the same generator).
    public func shuffledDeck(using generator: inout some RandomNumberGenerator) -> [SetCard] {
        var ids = cards.map { UInt8($0.id) }
        SetCard.shuffle(&ids, using: &generator)
        return ids.map { SetCard(uncheckedID: Int($0)) }
    }

    // MARK: - Private

    /// Junior's one shading: the first value, which the pages draw as solid.
    private static let juniorShading = Trit.first
}
