import Foundation
import GRDB
import SetCore

extension CardTableStore.Transaction {
    /// The player's Set game: none yet, the saved one, or, when its row could not be read (it is
    /// moved to the quarantine, so the referee deals afresh), what could still be read of it.
    func setGame(for player: PlayerID) throws -> StoredSetGame {
        guard let row = try cachedRow("SELECT * FROM set_game WHERE player_id = ?", [player.rawValue]) else {
            return .none
        }
        let read = { try SetGameRecord(row: row).savedGame() }
        if let saved = try readOrSetAside(row, of: SetGameRecord.databaseTableName, read) {
            return .saved(saved)
        }
        let colorBlind: Bool? = try? row.decodeExactly(
            forColumn: SetGameRecord.CodingKeys.colorBlind.rawValue)
        let version: Int? = try? row.decodeExactly(forColumn: SetGameRecord.CodingKeys.version.rawValue)
        return .setAside(colorBlind: colorBlind ?? false, version: version ?? 0)
    }

    /// Saves the player's Set game, replacing what was there (and storing the player if need be).
    func save(_ saved: SavedSetGame, for player: PlayerID, at now: Date) throws {
        try ensurePlayer(player, at: now)
        let record = try SetGameRecord(saved, player: player, at: now)
        try db.cachedStatement(
            sql: """
                INSERT INTO set_game (player_id, state, last_move, timeout, color_blind, version, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (player_id) DO UPDATE SET
                    state = excluded.state, last_move = excluded.last_move, timeout = excluded.timeout,
                    color_blind = excluded.color_blind, version = excluded.version,
                    updated_at = excluded.updated_at
                """
        ).execute(arguments: [
            record.playerID, record.state, record.lastMove, record.timeout, record.colorBlind, record.version,
            record.updatedAt,
        ])
    }
}

extension CardTableStore {
    func storedSetGame(for player: PlayerID) async throws -> StoredSetGame {
        try await read { try $0.setGame(for: player) }
    }

    /// The player's Set game, without dealing one; nil when they have none, or it could not be
    /// read (it is moved to the quarantine).
    public func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await storedSetGame(for: player).saved
    }
}
