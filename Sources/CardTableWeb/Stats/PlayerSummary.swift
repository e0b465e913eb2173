import CardTableBasics
import CardTableStorage
import Foundation

/// What a player has played, in counts: what linking answers an API client.
struct PlayerSummary: Encodable, Hashable, Sendable {
    let finishedGames: Int
    let dailySolves: Int
}

extension CardTableDatabase {
    /// How many finished games and daily solves `player` has.
    func playerSummary(of player: PlayerID) async throws -> PlayerSummary {
        try await read { transaction in
            let count = { (table: String) in
                try transaction.firstRow(
                    "SELECT count(*) AS n FROM \(identifier: table) WHERE player_id = \(player.rawValue)"
                ) { row in try row("n") as Int } ?? 0
            }
            return PlayerSummary(
                finishedGames: try count("finished_game"), dailySolves: try count("daily_solve"))
        }
    }
}
