import MemorizeCore

extension MemoryGame.Card: RememberedJSON where CardContent == String {
    /// A stored card's JSON, remembered by all it holds: a card has only a few states.
    var rememberedJSON: [UInt8]? {
        storedCardJSON.value(for: StoredCard(self)) { _ in freshJSON() }
    }
}

/// Everything a stored Memorize card holds, as a key.
///
/// NB: it must hold every property `Card` encodes; StreamingJSONEncoderTests compare stored
/// games with `JSONEncoder`'s text.
struct StoredCard: Hashable, Sendable {
    let id: Int
    let content: String
    let isFaceUp: Bool
    let isMatched: Bool
    let hasBeenSeen: Bool

    init(_ card: MemoryGame<String>.Card) {
        id = card.id
        content = card.content
        isFaceUp = card.isFaceUp
        isMatched = card.isMatched
        hasBeenSeen = card.hasBeenSeen
    }
}

/// Stored cards' JSON. NB: a generic type cannot hold a static stored property.
private let storedCardJSON = Memo<StoredCard, [UInt8]?>(capacity: 2048)
