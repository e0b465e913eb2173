import Foundation

/// A game of Memorize: pairs of cards, face down and shuffled, matched two at a time.
///
/// The game knows nothing about what its cards show beyond being able to compare them, nor about
/// themes, pages or storage. Time and randomness come from the caller so that play can be
/// replayed exactly in tests.
public struct MemoryGame<CardContent: Equatable> {
    /// Every card of the game, in the order they are laid out.
    public private(set) var cards: [Card]

    /// The parts the score is made of; ``score`` is their total.
    public private(set) var scoreBreakdown = ScoreBreakdown()

    /// The speed bonus rule in force, or `nil` when matches earn only the base points.
    public let speedBonus: SpeedBonus?

    /// The moves made and the playing time; `nil` for a game stored before they were counted.
    public private(set) var progress: GameProgress? = GameProgress()

    /// Until when every card is shown at the start of the game (see ``startPeek(at:lasting:)``);
    /// `nil` when the game has no peek, once its first card is chosen, and for games stored before
    /// peeks.
    public internal(set) var peekEndsAt: Date?

    /// When the one and only face-up card was turned up; the speed bonus counts from here.
    private var oneAndOnlyTurnedUpAt: Date?

    /// The player's score: +2 per match, −1 per already-seen card in a mismatch, plus any speed bonus.
    public var score: Int { scoreBreakdown.total }

    /// Whether every card has been matched.
    public var isOver: Bool { cards.allSatisfy(\.isMatched) }

    // MARK: - Creating a game

    /// Creates a shuffled game with two cards for each pair, all face down, using the system's randomness.
    /// - Parameters:
    ///   - numberOfPairsOfCards: how many pairs to deal; a negative number deals none.
    ///   - cardContentFactory: the content of the pair with the given index (0-based).
    public init(numberOfPairsOfCards: Int, cardContentFactory: (Int) -> CardContent) {
        var generator = SystemRandomNumberGenerator()
        self.init(
            numberOfPairsOfCards: numberOfPairsOfCards,
            using: &generator,
            cardContentFactory: cardContentFactory
        )
    }

    /// Creates a game shuffled by `generator`, optionally with a speed bonus.
    public init(
        numberOfPairsOfCards: Int,
        speedBonus: SpeedBonus? = nil,
        using generator: inout some RandomNumberGenerator,
        cardContentFactory: (Int) -> CardContent
    ) {
        self.speedBonus = speedBonus
        var contents = (0..<max(0, numberOfPairsOfCards)).flatMap { pairIndex in
            let content = cardContentFactory(pairIndex)
            return [content, content]
        }
        contents.shuffle(using: &generator)
        // NB: ids are given after the shuffle (each card's first place), so an id says nothing
        // about which card is its pair; ids given per pair before it would give every pair away.
        cards = contents.enumerated().map { Card(id: $0.offset, content: $0.element) }
    }

    // MARK: - Intents

    /// Chooses a card now; see ``choose(_:at:)``.
    public mutating func choose(_ card: Card) {
        choose(card, at: Date())
    }

    /// Chooses a card at the given moment and says what happened.
    ///
    /// A matched or face-up card is ignored. When exactly one card is face up, the chosen card turns
    /// face up and is compared with it. Otherwise every card turns face down (becoming "seen") and
    /// the chosen card turns face up alone.
    @discardableResult
    public mutating func choose(_ card: Card, at now: Date) -> ChoiceOutcome {
        guard let chosenIndex = cards.firstIndex(where: { $0.id == card.id }),
            !cards[chosenIndex].isFaceUp, !cards[chosenIndex].isMatched
        else { return .ignored }

        peekEndsAt = nil
        guard let otherIndex = indexOfTheOneAndOnlyFaceUpCard else {
            turnAllCardsFaceDown()
            cards[chosenIndex].isFaceUp = true
            oneAndOnlyTurnedUpAt = now
            if progress?.startedAt == nil { progress?.startedAt = now }
            return .turnedUp
        }
        cards[chosenIndex].isFaceUp = true
        defer { oneAndOnlyTurnedUpAt = nil }
        progress?.moves += 1
        if cards[chosenIndex].content == cards[otherIndex].content {
            let outcome = match(chosenIndex, otherIndex, at: now)
            if isOver { progress?.finishedAt = now }
            return outcome
        } else {
            return mismatch(chosenIndex, otherIndex)
        }
    }

    /// Turns the two cards of a mismatch face down (they become "seen"), as the next choice would,
    /// so a player can have a mismatch turn back after a delay of their choosing.
    /// - Returns: Whether two unmatched cards were face up and turned down; otherwise nothing changes.
    @discardableResult
    public mutating func turnMismatchBack() -> Bool {
        let faceUp = cards.indices.filter { cards[$0].isFaceUp }
        guard faceUp.count == 2, faceUp.allSatisfy({ !cards[$0].isMatched }) else { return false }
        turnAllCardsFaceDown()
        return true
    }

    /// Turns a lone face-up card back down (it becomes "seen"), as when a turn ends before its
    /// second card.
    /// - Returns: Whether exactly one card was face up.
    @discardableResult
    public mutating func turnLoneCardBack() -> Bool {
        guard indexOfTheOneAndOnlyFaceUpCard != nil else { return false }
        turnAllCardsFaceDown()
        oneAndOnlyTurnedUpAt = nil
        return true
    }

    /// Shuffles the cards with the system's randomness.
    public mutating func shuffle() {
        var generator = SystemRandomNumberGenerator()
        shuffle(using: &generator)
    }

    /// Shuffles the cards with `generator`.
    public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
        cards.shuffle(using: &generator)
    }

    // MARK: - Speed bonus

    /// How many seconds of bonus time the card has left: non-zero only for the one and only
    /// face-up card of a game with a speed bonus.
    public func bonusTimeRemaining(for card: Card, at now: Date) -> TimeInterval {
        guard let speedBonus, let turnedUpAt = oneAndOnlyTurnedUpAt,
            let index = indexOfTheOneAndOnlyFaceUpCard, cards[index].id == card.id
        else { return 0 }
        return speedBonus.timeRemaining(since: turnedUpAt, at: now)
    }

    // MARK: - Private

    private var indexOfTheOneAndOnlyFaceUpCard: Int? {
        let faceUpIndices = cards.indices.filter { cards[$0].isFaceUp }
        return faceUpIndices.count == 1 ? faceUpIndices.first : nil
    }

    private mutating func turnAllCardsFaceDown() {
        for index in cards.indices where cards[index].isFaceUp {
            cards[index].isFaceUp = false
            cards[index].hasBeenSeen = true
        }
    }

    private mutating func match(_ chosenIndex: Int, _ otherIndex: Int, at now: Date) -> ChoiceOutcome {
        cards[chosenIndex].isMatched = true
        cards[otherIndex].isMatched = true
        let bonus = oneAndOnlyTurnedUpAt.map { speedBonus?.points(since: $0, at: now) ?? 0 } ?? 0
        scoreBreakdown.matchPoints += ScoreBreakdown.pointsPerMatch
        scoreBreakdown.speedBonusPoints += bonus
        return .matched(points: ScoreBreakdown.pointsPerMatch + bonus)
    }

    private mutating func mismatch(_ chosenIndex: Int, _ otherIndex: Int) -> ChoiceOutcome {
        let penalty = [chosenIndex, otherIndex].filter { cards[$0].hasBeenSeen }.count
        scoreBreakdown.mismatchPenalties += penalty
        return .mismatched(penalty: penalty)
    }
}

// MARK: - Conformances

extension MemoryGame: Equatable {}
extension MemoryGame: Sendable where CardContent: Sendable {}
extension MemoryGame: Codable where CardContent: Codable {}
