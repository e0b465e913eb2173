/// What a player finds and takes: three cards that are a Set, or, in ``SetVariant/ultra``, four
/// that are an ``UltraSet``.
public enum SetMatch: Hashable, Sendable {
    case set(SetTrio)
    case ultra(UltraSet)

    /// The cards, in ascending id order.
    public var cards: [SetCard] {
        switch self {
        case .set(let trio): trio.cards
        case .ultra(let ultra): ultra.cards
        }
    }

    /// Whether `card` is one of the cards.
    public func contains(_ card: SetCard) -> Bool {
        switch self {
        case .set(let trio): trio.contains(card)
        case .ultra(let ultra): ultra.contains(card)
        }
    }

    /// The Set, unless this is an UltraSet.
    public var trio: SetTrio? {
        if case .set(let trio) = self { trio } else { nil }
    }
}

/// A match is encoded as its card ids in ascending order, three or four of them, the way
/// ``SetTrio`` is; so anything saved as a list of Sets reads back as a list of matches.
extension SetMatch: Codable {
    /// Decodes the card ids and refuses cards that are neither a Set nor an UltraSet.
    public init(from decoder: any Decoder) throws {
        let cards = try [SetCard](from: decoder)
        if cards.count == 3, let trio = SetTrio(cards[0], cards[1], cards[2]) {
            self = .set(trio)
        } else if let ultra = UltraSet(cards) {
            self = .ultra(ultra)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(cards) is neither a Set nor an UltraSet.")
            )
        }
    }

    /// Encodes the match as its card ids.
    public func encode(to encoder: any Encoder) throws {
        try cards.encode(to: encoder)
    }
}
