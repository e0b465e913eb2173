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
        try storePlayer(player, at: now)
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
        try MemorizePreferences(
            peeksAtStart: row.decode(forColumn: "peeks_at_start"),
            storedDelay: row.decode(forColumn: "turn_back_after_ms"))
    }
}

/// A stored delay that is not one of ``TurnBackDelay``'s choices.
struct UnknownTurnBackDelay: Error, CustomStringConvertible {
    let milliseconds: Int
    var description: String { "turn_back_after_ms \(milliseconds) is not one of the choices" }
}

extension MemorizePreferences {
    /// Preferences as both stores keep them: the delay in milliseconds, nil for the next tap.
    /// - Throws: ``UnknownTurnBackDelay`` when the delay is not one of the choices.
    init(peeksAtStart: Bool, storedDelay milliseconds: Int?) throws {
        let delay = try milliseconds.map { milliseconds in
            guard let delay = TurnBackDelay(rawValue: milliseconds) else {
                throw UnknownTurnBackDelay(milliseconds: milliseconds)
            }
            return delay
        }
        self.init(peeksAtStart: peeksAtStart, turnBackDelay: delay)
    }
}
