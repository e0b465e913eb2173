import Foundation
import PostgresNIO

// NB: for the PostgreSQL stores not yet written once over DatabaseTransaction (issue 29); it goes
// with the last of them.
extension PostgresStore {
    /// Adds `finished` to `player`'s history (storing the player if need be), in the
    /// transaction of `connection`.
    func record(_ finished: FinishedGame, for player: PlayerID, on connection: PostgresConnection)
        async throws
    {
        let record = try FinishedGameRecord(finished)
        try await storePlayer(player, at: record.finishedAt, on: connection)
        try await connection.query(
            """
            INSERT INTO finished_game
                (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
            VALUES (\(player.rawValue), \(record.game), \(record.theme), \(record.mode), \(record.score),
                \(record.breakdown), \(record.durationMilliseconds), \(record.moves), \(record.finishedAt))
            """, logger: logger)
    }
}
