import Foundation

extension MemoryGame {
    /// Shows every card for `duration` seconds from `now`, before the first card is chosen.
    ///
    /// Choosing a card ends the peek at once (the player is ready); the clock and the speed
    /// bonus start only with that first card, as in a game without a peek.
    /// - Returns: Whether the peek started: only a game where no card has been turned up yet,
    ///   for a positive duration.
    @discardableResult
    public mutating func startPeek(at now: Date, lasting duration: TimeInterval) -> Bool {
        guard duration > 0, !hasBegun else { return false }
        peekEndsAt = now.addingTimeInterval(duration)
        return true
    }

    /// Whether every card is being shown at the start of the game.
    public func isPeeking(at now: Date) -> Bool {
        peekEndsAt.map { now < $0 } ?? false
    }

    /// Seconds left of the peek at `now`; 0 when there is none.
    public func peekTimeRemaining(at now: Date) -> TimeInterval {
        peekEndsAt.map { max(0, $0.timeIntervalSince(now)) } ?? 0
    }

    /// Whether any card has been turned up yet.
    public var hasBegun: Bool {
        cards.contains { $0.isFaceUp || $0.isMatched || $0.hasBeenSeen }
    }
}
