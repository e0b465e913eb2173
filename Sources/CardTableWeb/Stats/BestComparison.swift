import CardTableBasics
import Foundation
import Mustache
import TemplateFields

/// How a finished game compares with the player's best of its record (a Memorize theme, a Set
/// mode in its variant), for its game-over screen: "New best!" when it beats every earlier game.
@TemplateFields
struct BestComparison: Encodable, Sendable, MustacheParent {
    /// The best score before this game; nil when it is the first of its record.
    let previousBest: Int?
    let isNewBest: Bool
    /// The comparison in a sentence.
    let text: String

    /// How the game of `history` that finished at `finishedAt` compares with the earlier games of
    /// its record; nil when the history has no such game (it finished before games were kept).
    init?(gameFinishedAt finishedAt: Date?, game: CardGame, in history: [FinishedGame]) {
        guard let finishedAt,
            let index = history.lastIndex(where: {
                $0.game == game && $0.finishedAt.isSameStoredMoment(as: finishedAt)
            })
        else { return nil }
        let finished = history[index]
        let record = PlayerStats.record(of: finished)
        let earlier = history[..<index].filter { PlayerStats.record(of: $0) == record }
        let name = if case .set = record { "\(record.gameName), \(record.name)" } else { record.name }
        previousBest = earlier.map(\.score).max()
        isNewBest = PlayerStats.isNewBest(finished, over: Array(earlier))
        text =
            switch previousBest {
            case nil: "Your first finished game of \(name): the score to beat next time."
            case let best? where isNewBest: "New best! Your best for \(name) was \(best)."
            case let best? where best == finished.score: "You equalled your best for \(name), \(best)."
            case let best?: "Your best for \(name) is \(best)."
            }
    }
}
