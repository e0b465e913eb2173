import CardTableBasics
import Foundation

extension Room {
    /// What each seated person made of the game on the table, for their histories, when it ended
    /// since the room was `before`; empty otherwise (a game stopped before its end is not kept).
    func finishedGames(since before: Room, at now: Date) -> [(player: PlayerID, game: FinishedGame)] {
        guard phase == .finished, before.phase != .finished || before.gameNumber != gameNumber else {
            return []
        }
        return members.compactMap { member in
            // NB: a computer opponent has no history.
            guard let seat = member.seat, member.bot == nil else { return nil }
            switch table {
            case .set(let game)? where game.isOver:
                return (member.player, FinishedGame(room: game, seat: seat, at: now))
            case .memorize(let game)? where game.isOver:
                return (
                    member.player, FinishedGame(room: game, theme: theme?.name ?? "", seat: seat, at: now)
                )
            default:
                return nil
            }
        }
    }
}
