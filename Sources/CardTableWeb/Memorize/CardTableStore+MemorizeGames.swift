import Foundation
import GRDB
import MemorizeCore

extension CardTableStore.Transaction {
    /// The Memorize game stored in `slot`; `nil` when there is none, its theme is gone, or its
    /// row could not be read (it is moved to the quarantine, so the referee deals afresh).
    /// - Parameter known: The slot's theme when the caller has loaded it already.
    func memorizeGame(in slot: MemorizeSlot, for player: PlayerID, theme known: SavedTheme? = nil) throws
        -> SavedMemorizeGame?
    {
        let table = MemorizeGameRecord.databaseTableName
        guard
            let row = try cachedRow(
                "SELECT * FROM memorize_game WHERE player_id = ? AND slot = ?",
                [player.rawValue, slot.storageKey]),
            let record = try readOrSetAside(row, of: table, { try MemorizeGameRecord(row: row) }),
            let theme = try known?.id.rawValue == record.themeID
                ? known : theme(ThemeID(record.themeID), of: player)
        else { return nil }
        return try readOrSetAside(row, of: table) {
            try record.savedGame(slot: slot, theme: theme)
        }
    }

    /// Saves `game` in its slot, replacing what was there (and storing the player if need be).
    func save(_ game: SavedMemorizeGame, for player: PlayerID, at now: Date) throws {
        try storePlayer(player, at: now)
        let record = try MemorizeGameRecord(game, player: player, at: now)
        try db.cachedStatement(
            sql: """
                INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at, deal)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (player_id, slot) DO UPDATE SET
                    theme_id = excluded.theme_id, state = excluded.state,
                    last_choice = excluded.last_choice, updated_at = excluded.updated_at,
                    deal = excluded.deal
                """
        ).execute(arguments: [
            record.playerID, record.slot, record.themeID, record.state, record.lastChoice, record.updatedAt,
            record.deal,
        ])
    }

    /// Moves the player's games dealt from theme `old` over to theme `new` (their copy of a
    /// built-in theme), the game in `old`'s slot into `new`'s slot.
    func moveMemorizeGames(of player: PlayerID, from old: ThemeID, to new: ThemeID) throws {
        try db.execute(
            sql: """
                UPDATE memorize_game SET theme_id = ?, slot = CASE slot WHEN ? THEN ? ELSE slot END
                WHERE player_id = ? AND theme_id = ?
                """,
            arguments: [
                new.rawValue, MemorizeSlot.theme(old).storageKey, MemorizeSlot.theme(new).storageKey,
                player.rawValue, old.rawValue,
            ])
    }

    /// Throws away every game dealt from a theme (it was edited or deleted).
    func deleteMemorizeGames(dealtFrom theme: ThemeID) throws {
        try MemorizeGameRecord.filter(MemorizeGameRecord.Columns.themeID == theme.rawValue).deleteAll(db)
    }
}

extension CardTableStore {
    /// The Memorize game stored in `slot`, without dealing one.
    public func memorizeGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> SavedMemorizeGame? {
        try await read { try $0.memorizeGame(in: slot, for: player) }
    }
}
