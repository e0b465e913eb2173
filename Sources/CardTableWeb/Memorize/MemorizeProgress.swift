import Foundation
import MemorizeCore
import Mustache
import TemplateFields

/// The moves and playing time the game page shows, and the clock the script keeps running.
@TemplateFields
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
        let time = PlayingClock(
            playingTime: progress.playingTime(at: now),
            isRunning: progress.startedAt != nil && progress.finishedAt == nil)
        seconds = time.seconds
        clock = time.clock
        isRunning = time.isRunning
    }
}
