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

    /// The id of the card the bot turns next (a face-down card, or one of a mismatch still
    /// showing), or `nil` when there is none.
    public func choice(
        among cards: [MemoryCardSight<CardContent>], using generator: inout some RandomNumberGenerator
    ) -> Int? {
        let faceUp = cards.filter { $0.visibleContent != nil }
        // NB: the two cards of a mismatch still showing turn back at the next card, so they can
        // be turned like face-down ones.
        let choosable = cards.filter { $0.isFaceDown || (faceUp.count == 2 && $0.visibleContent != nil) }.map(
            \.id)
        guard !choosable.isEmpty else { return nil }
        let unseen = choosable.filter { memory[$0] == nil }
        if faceUp.count == 1, let up = faceUp.first, let content = up.visibleContent {
            // The turn's second card: its pair if remembered.
            if let pair = choosable.first(where: { memory[$0] == content }) { return pair }
        } else if let pair = knownPair(among: choosable) {
            return pair
        }
        return (unseen.isEmpty ? choosable : unseen).randomElement(using: &generator)
    }

    // MARK: - Private

    /// A card among `choosable` whose pair the bot also remembers there, the lowest id first.
    private func knownPair(among choosable: [Int]) -> Int? {
        var firstSeen: [CardContent: Int] = [:]
        for id in choosable.sorted() {
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
