import Foundation
import PostgresNIO

/// Set games in PostgreSQL: a change locks the player's row first, so one player's moves from
/// any number of instances run one after another (a first move, with no game row yet, too).
extension PostgresStore: SetGameStore {
    func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        guard
            let record = try await snapshot({ connection in
                try await setGameRecord(of: player, on: connection)
            })
        else { return nil }
        do {
            return try record.savedGame()
        } catch {
            try await transaction { connection in
                try await setAside(
                    from: "set_game", key: ["player_id": .text(player.rawValue)], because: error,
                    on: connection)
            }
            return nil
        }
    }

    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (SavedSetGame?) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            var saved: SavedSetGame?
            if let record = try await setGameRecord(of: player, on: connection) {
                do {
                    saved = try record.savedGame()
                } catch {
                    try await setAside(
                        from: "set_game", key: ["player_id": .text(player.rawValue)], because: error,
                        on: connection)
                }
            }
            let (save, value) = try change(saved)
            if let save {
                let record = try SetGameRecord(save, player: player, at: now)
                try await connection.query(
                    """
                    INSERT INTO set_game (player_id, state, last_move, timeout, color_blind, version, updated_at)
                    VALUES (\(record.playerID), \(record.state), \(record.lastMove), \(record.timeout),
                        \(record.colorBlind), \(record.version), \(record.updatedAt))
                    ON CONFLICT (player_id) DO UPDATE SET
                        state = excluded.state, last_move = excluded.last_move, timeout = excluded.timeout,
                        color_blind = excluded.color_blind, version = excluded.version,
                        updated_at = excluded.updated_at
                    """, logger: logger)
            }
            if let finished = FinishedGame(finishing: saved, as: save, at: now) {
                try await record(finished, for: player, on: connection)
            }
            return value
        }
    }

    private func setGameRecord(of player: PlayerID, on connection: PostgresConnection) async throws
        -> SetGameRecord?
    {
        let rows = try await connection.query(
            """
            SELECT state, last_move, timeout, color_blind, version, updated_at FROM set_game
            WHERE player_id = \(player.rawValue)
            """, logger: logger)
        for try await (state, lastMove, timeout, colorBlind, version, updatedAt) in rows.decode(
            (String, String?, String?, Bool, Int, Date).self)
        {
            return SetGameRecord(
                playerID: player.rawValue, state: state, lastMove: lastMove, timeout: timeout,
                colorBlind: colorBlind, version: version, updatedAt: updatedAt)
        }
        return nil
    }
}
