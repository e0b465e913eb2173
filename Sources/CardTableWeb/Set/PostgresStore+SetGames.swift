import Foundation
import PostgresNIO

/// Set games in PostgreSQL: a change locks the player's row first, so one player's moves from
/// any number of instances run one after another (a first move, with no game row yet, too).
extension PostgresStore: SetGameStore {
    func storedSetGame(for player: PlayerID) async throws -> StoredSetGame {
        try await snapshot { connection, canSetAside in
            try await storedSetGame(of: player, on: connection, canSetAside: canSetAside)
        }
    }

    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (StoredSetGame) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            let stored = try await storedSetGame(of: player, on: connection, canSetAside: true)
            let (save, value) = try change(stored)
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
            if let finished = FinishedGame(finishing: stored.saved, as: save, at: now) {
                try await record(finished, for: player, on: connection)
            }
            return value
        }
    }

    /// The player's game as stored; a row that cannot be read is moved to the quarantine when
    /// `canSetAside` (otherwise ``DamagedRow/NeedsWriting`` is thrown), and what could be read
    /// of it is answered.
    private func storedSetGame(of player: PlayerID, on connection: PostgresConnection, canSetAside: Bool)
        async throws -> StoredSetGame
    {
        guard let record = try await setGameRecord(of: player, on: connection) else { return .none }
        do {
            return .saved(try record.savedGame())
        } catch {
            guard canSetAside else { throw DamagedRow.NeedsWriting() }
            try await setAside(
                from: "set_game", key: ["player_id": .text(player.rawValue)], because: error, on: connection)
            return .setAside(colorBlind: record.colorBlind, version: record.version)
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
