import Foundation
import Mustache
import TemplateFields

/// A game's playing time as a page shows it, and whether the page's script keeps it running.
@TemplateFields
struct PlayingClock: Encodable, Sendable {
    /// Whole seconds of play when the page was drawn.
    let seconds: Int
    /// The same as the page shows it: "0:42", "1:05:09".
    let clock: String
    /// Whether the clock runs on (play has begun and the game is not over).
    let isRunning: Bool

    init(playingTime: TimeInterval, isRunning: Bool) {
        seconds = Int(playingTime)
        clock = Self.text(seconds: seconds)
        self.isRunning = isRunning
    }

    /// `seconds` as minutes and seconds, with hours when there are any.
    static func text(seconds: Int) -> String {
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
