#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long a game of Set has been played: from its first move to the move that ended it.
public struct SetGameClock: Hashable, Sendable, Codable {
    /// When the first move was played (a card touched, three dealt, a hint, a claim); `nil` until then.
    public internal(set) var startedAt: Date?
    /// When the move that ended the game was played; `nil` while the game goes on.
    public internal(set) var finishedAt: Date?

    public init(startedAt: Date? = nil, finishedAt: Date? = nil) {
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// Whether the clock is counting: play has begun and not ended.
    public var isRunning: Bool { startedAt != nil && finishedAt == nil }

    /// Seconds of play at `now`: from the first move to the last (or to `now` while the game
    /// goes on); 0 before the first move.
    public func playingTime(at now: Date) -> TimeInterval {
        guard let startedAt else { return 0 }
        return max(0, (finishedAt ?? now).timeIntervalSince(startedAt))
    }

    /// Starts the clock at the first move and stops it at the one that ended the game.
    mutating func record(moveAt now: Date, endingTheGame isOver: Bool) {
        if startedAt == nil { startedAt = now }
        if isOver, finishedAt == nil { finishedAt = now }
    }
}

extension SetGame {
    /// Tells the clock a move was played at `now`, after the move.
    mutating func clockDidRecordMove(at now: Date) {
        let isOver = isOver
        clock?.record(moveAt: now, endingTheGame: isOver)
    }
}
