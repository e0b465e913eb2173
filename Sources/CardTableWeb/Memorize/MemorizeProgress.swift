import Foundation
import MemorizeCore
import Mustache

/// The moves and playing time the game page shows, and the clock the script keeps running.
struct MemorizeProgress: Encodable, Sendable {
    let moves: Int
    /// Whole seconds of play when the page was drawn.
    let seconds: Int
    /// The same as the page shows it: "0:42", "1:05:09".
    let clock: String
    /// Whether the clock runs on (the game has begun and is not over).
    let isRunning: Bool

    /// The progress of `game` at `now`; `nil` for a game stored before moves were counted.
    init?(_ game: MemoryGame<String>, now: Date) {
        guard let progress = game.progress else { return nil }
        moves = progress.moves
        seconds = Int(progress.playingTime(at: now))
        clock = Self.clock(seconds)
        isRunning = progress.startedAt != nil && progress.finishedAt == nil
    }

    /// `seconds` as minutes and seconds, with hours when there are any.
    static func clock(_ seconds: Int) -> String {
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}

extension MemorizeProgress: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "moves": moves
        case "seconds": seconds
        case "clock": clock
        case "isRunning": isRunning
        default: nil
        }
    }
}
