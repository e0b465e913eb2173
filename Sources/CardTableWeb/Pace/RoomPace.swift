import Foundation
import MemorizeCore

/// How fast a room plays: *live*, everyone at the table at once, or *a turn a day*, where each
/// move may wait up to a day and nobody needs an open page (Memorize only: Set is a race).
enum RoomPace: String, Hashable, Sendable, Codable, CaseIterable {
    case live, daily

    /// How long a player has for each move in a room played a turn a day.
    static let turnLength: TimeInterval = 24 * 60 * 60
    /// How many turns missed in a row give up a seat.
    static let missLimit = 3
    /// How long a room played a turn a day may go without a move before it is closed (one whose
    /// game is under way never does: each day passes a turn at least).
    static let dailyIdleTime: TimeInterval = 7 * 24 * 60 * 60

    /// The clock of a new game played a turn a day, for `seatCount` seats, starting at `now`.
    static func turnClock(seatCount: Int, startingAt now: Date) -> TurnClock {
        TurnClock(seatCount: seatCount, turnLength: turnLength, missLimit: missLimit, startingAt: now)
    }

    /// How long until `deadline`, from `now`, in words: "23 h left", "40 min left", "less than
    /// a minute left".
    static func timeLeft(until deadline: Date, at now: Date) -> String {
        let minutes = Int(deadline.timeIntervalSince(now) / 60)
        if minutes >= 120 { return "\(minutes / 60) h left" }
        if minutes >= 1 { return "\(minutes) min left" }
        return "less than a minute left"
    }

    /// What the room-making form calls it.
    var label: String {
        switch self {
        case .live: "Live"
        case .daily: "A turn a day"
        }
    }
}
