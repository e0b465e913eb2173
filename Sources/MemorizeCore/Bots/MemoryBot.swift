/// A computer opponent for Memorize. It sees only what every player sees (``MemoryCardSight``)
/// and remembers the cards it has seen face up during the game, forgetting each with its
/// level's chance at each of its turns.
///
/// On its turn it turns a card it knows the pair of when it knows both cards of a pair, and
/// otherwise a card it has not seen; with one card up, the card it remembers matching it, or
/// else one it has not seen. A seeded generator makes its play exact.
public struct MemoryBot<CardContent: Hashable> {
    /// How well it plays.
    public let level: MemoryBotLevel
    /// The content of each face-down card it remembers, by card id.
    public private(set) var memory: [Int: CardContent] = [:]

    public init(level: MemoryBotLevel) {
        self.level = level
    }

    /// Remembers every card face up now and lets go of matched ones.
    public mutating func look(at cards: [MemoryCardSight<CardContent>]) {
        for card in cards {
            switch card.face {
            case .up(let content): memory[card.id] = content
            case .matched: memory[card.id] = nil
            case .down: break
            }
        }
    }

    /// Forgets each remembered card with the level's chance; done at the start of each turn.
    public mutating func forget(using generator: inout some RandomNumberGenerator) {
        // NB: in id order, so a seeded generator forgets the same cards every time.
        for id in memory.keys.sorted() where Double.random(in: 0..<1, using: &generator) < level.forgetChance
        {
            memory[id] = nil
        }
    }

    /// The id of the card the bot turns next, or `nil` when no card is face down.
    public func choice(
        among cards: [MemoryCardSight<CardContent>], using generator: inout some RandomNumberGenerator
    ) -> Int? {
        let faceDown = cards.filter(\.isFaceDown).map(\.id)
        guard !faceDown.isEmpty else { return nil }
        let faceUp = cards.filter { $0.visibleContent != nil }
        let unseen = faceDown.filter { memory[$0] == nil }
        if faceUp.count == 1, let up = faceUp.first, let content = up.visibleContent {
            // The turn's second card: its pair if remembered.
            if let pair = faceDown.first(where: { memory[$0] == content }) { return pair }
        } else if let pair = knownPair(among: faceDown) {
            return pair
        }
        return (unseen.isEmpty ? faceDown : unseen).randomElement(using: &generator)
    }

    // MARK: - Private

    /// A card among `faceDown` whose pair the bot also remembers there, the lowest id first.
    private func knownPair(among faceDown: [Int]) -> Int? {
        var firstSeen: [CardContent: Int] = [:]
        for id in faceDown.sorted() {
            guard let content = memory[id] else { continue }
            if let other = firstSeen[content] { return other }
            firstSeen[content] = id
        }
        return nil
    }
}

extension MemoryBot: Hashable {}
extension MemoryBot: Sendable where CardContent: Sendable {}
extension MemoryBot: Codable where CardContent: Codable {}
