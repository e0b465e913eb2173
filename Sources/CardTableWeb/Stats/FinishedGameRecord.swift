import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

/// A finished game as both databases keep it: a row of `finished_game`.
///
/// The breakdown is JSON whose shape follows `game`: Memorize's ``ScoreBreakdown`` with its
/// matches, or Set's ``SetTally``. `variant` is Set's ``SetVariant``; a row written before it was
/// kept has none, and is Normal.
struct FinishedGameRecord: Sendable, Equatable {
    var game: String
    var theme: String?
    var mode: String
    var variant: String?
    var score: Int
    var breakdown: String
    var durationMilliseconds: Int64
    var moves: Int
    var finishedAt: Date

    /// The columns of `finished`.
    init(_ finished: FinishedGame) throws {
        game = finished.game.rawValue
        theme = finished.theme
        mode = finished.mode.rawValue
        variant = finished.variant?.rawValue
        score = finished.score
        switch finished.breakdown {
        case .memorize(let matches, let points):
            breakdown = try JSONText.encode(MemorizeBreakdown(matches: matches, points: points))
        case .set(let tally):
            breakdown = try JSONText.encode(tally)
        }
        durationMilliseconds = finished.seconds.storedMilliseconds
        moves = finished.moves
        finishedAt = finished.finishedAt
    }

    init(
        game: String, theme: String?, mode: String, variant: String? = nil, score: Int, breakdown: String,
        durationMilliseconds: Int64, moves: Int, finishedAt: Date
    ) {
        (self.game, self.theme, self.mode, self.score, self.breakdown) = (game, theme, mode, score, breakdown)
        self.variant = variant
        (self.durationMilliseconds, self.moves, self.finishedAt) = (durationMilliseconds, moves, finishedAt)
    }

    /// The game these columns hold.
    /// - Throws: When a column holds something no finished game has.
    func finishedGame() throws -> FinishedGame {
        guard let kind = CardGame(rawValue: game), let mode = FinishedGame.Mode(rawValue: mode)
        else {
            throw UnreadableFinishedGame(game: game, mode: mode)
        }
        let setVariant = try variant.map { text in
            guard kind == .set, let variant = SetVariant(rawValue: text) else {
                throw UnreadableFinishedGame(game: game, mode: self.mode, variant: text)
            }
            return variant
        }
        let parts: FinishedGame.Breakdown =
            switch kind {
            case .memorize:
                try JSONText.decode(MemorizeBreakdown.self, from: breakdown).breakdown
            case .set:
                .set(try JSONText.decode(SetTally.self, from: breakdown))
            }
        return FinishedGame(
            game: kind, theme: theme, mode: mode, score: score, breakdown: parts,
            seconds: TimeInterval(storedMilliseconds: durationMilliseconds), moves: moves,
            finishedAt: finishedAt, variant: setVariant)
    }

    /// Memorize's breakdown as stored: the points' parts beside the matches.
    private struct MemorizeBreakdown: Codable {
        var matches: Int
        var matchPoints: Int
        var speedBonusPoints: Int
        var mismatchPenalties: Int

        init(matches: Int, points: ScoreBreakdown) {
            self.matches = matches
            (matchPoints, speedBonusPoints, mismatchPenalties) = (
                points.matchPoints, points.speedBonusPoints, points.mismatchPenalties
            )
        }

        var breakdown: FinishedGame.Breakdown {
            .memorize(
                matches: matches,
                points: ScoreBreakdown(
                    matchPoints: matchPoints, speedBonusPoints: speedBonusPoints,
                    mismatchPenalties: mismatchPenalties))
        }
    }
}

/// A `finished_game` row naming a game, mode or variant CardTable does not know (or a variant for
/// Memorize, which has none).
struct UnreadableFinishedGame: Error, CustomStringConvertible {
    let game: String
    let mode: String
    var variant: String? = nil
    var description: String {
        let variant = variant.map { " and variant \($0)" } ?? ""
        return "finished_game with game \(game), mode \(mode)\(variant) is not one CardTable plays"
    }
}
