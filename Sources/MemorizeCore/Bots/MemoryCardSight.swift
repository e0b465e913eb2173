/// A card as every player at the table sees it: its place, and its content only while it is
/// face up. What a computer opponent is given, so it cannot know a face-down card.
public struct MemoryCardSight<CardContent: Equatable>: Identifiable {
    /// The card's id.
    public let id: Int
    /// What can be seen of it.
    public let face: Face

    /// What can be seen of a card.
    public enum Face {
        /// Face down: nothing but its place.
        case down
        /// Face up and not yet matched.
        case up(CardContent)
        /// Matched and out of play.
        case matched
    }

    public init(id: Int, face: Face) {
        self.id = id
        self.face = face
    }

    /// Whether the card is face down (and so can be chosen).
    public var isFaceDown: Bool {
        if case .down = face { return true }
        return false
    }

    /// The content, when the card is face up.
    public var visibleContent: CardContent? {
        if case .up(let content) = face { return content }
        return nil
    }
}

extension MemoryCardSight: Sendable where CardContent: Sendable {}
extension MemoryCardSight.Face: Sendable where CardContent: Sendable {}
extension MemoryCardSight: Equatable {}
extension MemoryCardSight.Face: Equatable {}

extension MemoryGame {
    /// The cards as every player sees them: no face-down card's content.
    public var cardsInSight: [MemoryCardSight<CardContent>] {
        cards.map { card in
            let face: MemoryCardSight<CardContent>.Face =
                card.isMatched ? .matched : card.isFaceUp ? .up(card.content) : .down
            return MemoryCardSight(id: card.id, face: face)
        }
    }
}
