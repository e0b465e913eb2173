extension MemoryGame {
    /// One card of a game.
    public struct Card: Identifiable {
        /// Unique within its game: the card's place in the layout it was dealt in. It says
        /// nothing about the card's content or which card is its pair.
        public let id: Int
        public internal(set) var isFaceUp = false
        public internal(set) var isMatched = false
        /// True once the card has been face up and then turned face down again.
        public internal(set) var hasBeenSeen = false
        public let content: CardContent

        init(id: Int, content: CardContent) {
            self.id = id
            self.content = content
        }
    }
}

extension MemoryGame.Card: Equatable {}
extension MemoryGame.Card: Hashable where CardContent: Hashable {}
extension MemoryGame.Card: Sendable where CardContent: Sendable {}
extension MemoryGame.Card: Codable where CardContent: Codable {}
