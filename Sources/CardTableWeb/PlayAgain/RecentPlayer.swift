import CardTableBasics
import Foundation
import SetCore

/// Someone a player shared a finished room game with (issue 51), as *Recent players* lists them:
/// the name they had at that table, the game, and when it ended. Only the newest game with each
/// person is kept.
struct RecentPlayer: Hashable, Sendable {
    /// How many people the list keeps for each player, newest first.
    static let kept = 20

    /// The name they had in the room.
    let name: String
    let game: CardGame
    /// Which game of Set; nil for Memorize.
    let variant: SetVariant?
    /// The Memorize theme's name; nil for Set.
    let theme: String?
    let playedAt: Date

    /// Who played with whom in the game `finished` records, seen from each side: every pair of
    /// its seated people (computer opponents have no history, so they are not in `finished`),
    /// each with the name the other had in `room`.
    static func pairs(
        in room: Room, finishing finished: [(player: PlayerID, game: FinishedGame)]
    ) -> [(player: PlayerID, other: PlayerID, recent: RecentPlayer)] {
        let names = Dictionary(
            room.members.filter { $0.seat != nil }.map { ($0.player, $0.name.text) },
            uniquingKeysWith: { first, _ in first })
        return finished.flatMap { player, game in
            finished.compactMap { other, _ -> (PlayerID, PlayerID, RecentPlayer)? in
                guard other != player, let name = names[other] else { return nil }
                return (
                    player, other,
                    RecentPlayer(
                        name: name, game: game.game, variant: game.variant, theme: game.theme,
                        playedAt: game.finishedAt)
                )
            }
        }
    }
}
