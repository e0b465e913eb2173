import Foundation
import PostgresNIO

extension PostgresStore: StatsStore {
    func finishedGames(of player: PlayerID) async throws -> [FinishedGame] {
        try await snapshot { connection, canSetAside in
            let rows = try await connection.query(
                """
                SELECT id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at
                FROM finished_game WHERE player_id = \(player.rawValue) ORDER BY finished_at, id
                """, logger: logger)
            var games: [FinishedGame] = []
            var unreadable: [(id: Int64, error: any Error)] = []
            for try await (id, game, theme, mode, score, breakdown, duration, moves, finishedAt)
                in rows.decode(
                    (Int64, String, String?, String, Int, String, Int64, Int, Date).self)
            {
                let record = FinishedGameRecord(
                    game: game, theme: theme, mode: mode, score: score, breakdown: breakdown,
                    durationMilliseconds: duration, moves: moves, finishedAt: finishedAt)
                do {
                    games.append(try record.finishedGame())
                } catch {
                    unreadable.append((id, error))
                }
            }
            guard unreadable.isEmpty || canSetAside else { throw DamagedRow.NeedsWriting() }
            for (id, error) in unreadable {
                try await setAside(
                    from: "finished_game", key: ["id": .number(id)], because: error, on: connection)
            }
            return games
        }
    }

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
