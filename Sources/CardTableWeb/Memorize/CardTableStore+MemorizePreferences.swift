import Foundation
import GRDB

extension CardTableStore.Transaction {
    /// The player's Memorize preferences; the defaults when they never set any, or when their row
    /// could not be read (it is moved to the quarantine).
    func memorizePreferences(of player: PlayerID) throws -> MemorizePreferences {
        let table = "memorize_preferences"
        guard
            let row = try cachedRow(
                "SELECT * FROM memorize_preferences WHERE player_id = ?", [player.rawValue]),
            let preferences = try readOrSetAside(row, of: table, { try Self.preferences(from: row) })
        else { return MemorizePreferences() }
        return preferences
    }

    /// Remembers the player's Memorize preferences (storing the player if need be).
    func save(_ preferences: MemorizePreferences, for player: PlayerID, at now: Date) throws {
        try ensurePlayer(player, at: now)
        try db.cachedStatement(
            sql: """
                INSERT INTO memorize_preferences (player_id, peeks_at_start, turn_back_after_ms, updated_at)
                VALUES (?, ?, ?, ?)
                ON CONFLICT (player_id) DO UPDATE SET
                    peeks_at_start = excluded.peeks_at_start,
                    turn_back_after_ms = excluded.turn_back_after_ms, updated_at = excluded.updated_at
                """
        ).execute(arguments: [
            player.rawValue, preferences.peeksAtStart, preferences.turnBackDelay?.rawValue, now,
        ])
    }

    /// A row as preferences; a delay that is not one of the choices throws.
    private static func preferences(from row: Row) throws -> MemorizePreferences {
        let milliseconds: Int? = try row.decode(forColumn: "turn_back_after_ms")
        let delay = try milliseconds.map { milliseconds in
            guard let delay = TurnBackDelay(rawValue: milliseconds) else {
                throw DatabaseError(message: "turn_back_after_ms \(milliseconds) is not one of the choices")
            }
            return delay
        }
        return MemorizePreferences(
            peeksAtStart: try row.decode(forColumn: "peeks_at_start"), turnBackDelay: delay)
    }
}
