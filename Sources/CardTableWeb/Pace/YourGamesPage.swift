import CardTableBasics
import Foundation
import Mustache
import TemplateFields

/// Your games: the rooms you are seated in whose game is under way, your turns first, each
/// with whose turn it is and how long it has left, linking to its room.
@TemplateFields
struct YourGamesPage: PageModel {
    static let template = "rooms-mine"

    /// One game in the list.
    @TemplateFields
    struct Row: Encodable, Sendable {
        let url: String
        let displayCode: String
        let name: String
        /// "Your turn · 23 h left", "Bo's turn", "Set: everyone plays at once".
        let turnText: String
        let isYourTurn: Bool
        /// "A turn a day" or "Live".
        let paceText: String
    }

    let title = "Your games · CardTable"
    let rows: [Row]
    let hasGames: Bool
    /// "Your turn in 2 games", or nil when in none.
    let summary: String?
    let chooserURL = ThemesRoute.chooser().path
    let devicesURL = DevicesRoute.page.path

    init(_ games: YourGames, now: Date) {
        rows = games.games.map { game in
            let left = game.due.map { " · " + RoomPace.timeLeft(until: $0, at: now) } ?? ""
            let turnText =
                game.yourTurn
                ? "Your turn" + left : game.turn.map { "\($0)'s turn" + left } ?? "Everyone plays at once"
            return Row(
                url: game.url, displayCode: RoomCode(game.code)?.description ?? game.code, name: game.name,
                turnText: turnText, isYourTurn: game.yourTurn, paceText: game.pace.label)
        }
        hasGames = !rows.isEmpty
        summary = Self.yourTurnText(games.yourTurns)
    }

    /// "Your turn in 1 game", "Your turn in 2 games"; nil for none.
    static func yourTurnText(_ count: Int) -> String? {
        switch count {
        case 0: nil
        case 1: "Your turn in 1 game"
        default: "Your turn in \(count) games"
        }
    }
}
