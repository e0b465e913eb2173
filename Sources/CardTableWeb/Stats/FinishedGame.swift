import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

/// One finished game, as a player's history keeps it: what was played, how, and how it went.
struct FinishedGame: Hashable, Sendable {
    /// Who played it, and where.
    enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
        case solo
        case twoPlayer = "two-player"
        case room
    }

    /// What the score was made of.
    enum Breakdown: Hashable, Sendable {
        /// Memorize: pairs matched, and the points, speed bonus and mismatch penalties they add up
        /// to (in a room, a point per pair).
        case memorize(matches: Int, points: ScoreBreakdown)
        /// Set: Sets found, wrong Sets, and the points won and lost.
        case set(SetTally)
    }

    let game: CardGame
    /// The Memorize theme's name (nil for Set).
    let theme: String?
    let mode: Mode
    /// Which game of Set (Normal for a game recorded before there were others); nil for Memorize.
    let variant: SetVariant?
    /// The final score (for two players or a room, this player's).
    let score: Int
    let breakdown: Breakdown
    /// From the first move to the last.
    let seconds: Double
    /// Attempts: pairs tried in Memorize, trios tried in Set.
    let moves: Int
    let finishedAt: Date

    /// A finished game; a game of Set without a variant is Normal, and Memorize has none.
    init(
        game: CardGame, theme: String?, mode: Mode, score: Int, breakdown: Breakdown, seconds: Double,
        moves: Int, finishedAt: Date, variant: SetVariant? = nil
    ) {
        (self.game, self.theme, self.mode, self.score, self.breakdown) = (game, theme, mode, score, breakdown)
        (self.seconds, self.moves, self.finishedAt) = (seconds, moves, finishedAt)
        self.variant = game == .set ? variant ?? .normal : nil
    }

    /// Sets found, for a game of Set.
    var setsFound: Int? {
        guard case .set(let tally) = breakdown else { return nil }
        return tally.sets
    }
}
