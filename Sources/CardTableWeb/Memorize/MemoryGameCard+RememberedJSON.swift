import CardTableBasics
import MemorizeCore

extension MemoryGame.Card: RememberedJSON where CardContent == String {
    /// A stored card's JSON, remembered by the card itself: a card has only a few states.
    package var rememberedJSON: [UInt8]? {
        storedCardJSON.value(for: self) { $0.freshJSON() }
    }
}

/// Stored cards' JSON. NB: a generic type cannot hold a static stored property.
private let storedCardJSON = Memo<MemoryGame<String>.Card, [UInt8]?>(capacity: 2048)
