import Mustache
import SetCore
import TemplateFields

/// The Sets a player could have taken: after a needless Deal 3 (the Sets that were on the
/// table), and at the end of the game (every Set missed that way during the game).
@TemplateFields
struct SetMissedReview: Encodable, Sendable {
    let heading: String
    /// Each missed Set, drawn as three small cards.
    let sets: [SetTrioView]

    /// The review to show for `saved`, if any.
    init?(_ saved: SavedSetGame) {
        let game = saved.game
        let name = game.variant.matchName
        let trios: [SetMatch]
        if game.isOver {
            trios = game.missedSets.flatMap(\.matches)
            heading = "\(name)s missed this game (\(trios.count))"
        } else if case .dealt(_, _, _, let missed?)? = saved.lastMove {
            trios = missed.matches
            let who = game.twoPlayer == nil ? "You" : SetVocabulary.playerName(missed.player)
            let count =
                trios.count == 1
                ? "\(game.variant.aMatch) was" : "\(SetVocabulary.numberWord(trios.count)) \(name)s were"
            heading = "\(who) dealt while \(count) on the table"
        } else {
            return nil
        }
        guard !trios.isEmpty else { return nil }
        sets = trios.map { SetTrioView($0.cards) }
    }
}
