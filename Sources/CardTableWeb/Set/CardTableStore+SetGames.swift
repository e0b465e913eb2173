import Foundation
import GRDB
import SetCore

extension CardTableStore.Transaction {
    /// The player's Set game; `nil` when they have none yet, or when its row could not be read
    /// (it is moved to the quarantine, so the referee deals afresh).
    func setGame(for player: PlayerID) throws -> SavedSetGame? {
        guard let row = try cachedRow("SELECT * FROM set_game WHERE player_id = ?", [player.rawValue]) else {
            return nil
        }
        return try readOrSetAside(row, of: SetGameRecord.databaseTableName) {
            try SetGameRecord(row: row).savedGame()
        }
    }

    /// Saves the player's Set game, replacing what was there (and storing the player if need be).
    func save(_ saved: SavedSetGame, for player: PlayerID, at now: Date) throws {
        try ensurePlayer(player, at: now)
        try SetGameRecord(saved, player: player, at: now).save(db)
    }
}

extension CardTableStore {
    /// The player's Set game, without dealing one.
    public func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await read { try $0.setGame(for: player) }
    }
}
