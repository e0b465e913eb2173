import Foundation

/// One finished game, as a player's history keeps it: what was played, how, and how it went.
struct FinishedGame: Hashable, Sendable {
    /// Which game.
    enum Game: String, Hashable, Sendable, Codable {
        case memorize
        case set
    }

    /// Who played it, and where.
    enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
        case solo
        case twoPlayer = "two-player"
        case room
    }

    /// What the score was made of.
    enum Breakdown: Hashable, Sendable {
        /// Memorize: pairs matched, the points they earned, the speed bonus and the penalties for
        /// mismatching cards already seen.
        case memorize(matches: Int, matchPoints: Int, speedBonus: Int, mismatchPenalties: Int)
        /// Set: Sets found, trios that were not Sets, and the points lost to wrong Sets, to
        /// dealing three more cards while a Set was on the table, and to hints.
        case set(sets: Int, wrongSets: Int, wrongSetPenalties: Int, dealPenalties: Int, hintPenalties: Int)
    }

    let game: Game
    /// The Memorize theme's name (nil for Set).
    let theme: String?
    let mode: Mode
    /// The final score (for two players or a room, this player's).
    let score: Int
    let breakdown: Breakdown
    /// From the first move to the last.
    let seconds: Double
    let moves: Int
    let finishedAt: Date

    /// Sets found, for a game of Set.
    var setsFound: Int? {
        guard case .set(let sets, _, _, _, _) = breakdown else { return nil }
        return sets
    }
}
