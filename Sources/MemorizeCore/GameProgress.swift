import Foundation

/// How far a game of Memorize has come: the moves made and when play began and ended.
///
/// A move is one attempt at a pair: turning up the second card, match or not.
public struct GameProgress: Hashable, Sendable, Codable {
    /// Attempts at a pair so far.
    public internal(set) var moves = 0
    /// When the first card was turned up; `nil` until then.
    public internal(set) var startedAt: Date?
    /// When the last pair was matched; `nil` while the game goes on.
    public internal(set) var finishedAt: Date?

    public init(moves: Int = 0, startedAt: Date? = nil, finishedAt: Date? = nil) {
        self.moves = moves
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// Seconds of play at `now`: from the first card turned up to the last match (or to `now`
    /// while the game goes on); 0 before the first card.
    public func playingTime(at now: Date) -> TimeInterval {
        guard let startedAt else { return 0 }
        return max(0, (finishedAt ?? now).timeIntervalSince(startedAt))
    }
}
