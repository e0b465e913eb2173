import Foundation

/// The sound setting each player chose (migration `v12-sound`): no row is ``Sound/on``.
extension CardTableDatabase {
    /// Remembers `sound` for `player` on every device of theirs; the player is stored if they
    /// are not.
    func setSound(_ sound: Sound, of player: PlayerID, at now: Date) async throws {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            try transaction.execute(
                """
                INSERT INTO player_sound (player_id, sound, updated_at)
                VALUES (\(player.rawValue), \(sound.rawValue), \(now))
                ON CONFLICT (player_id) DO UPDATE SET sound = excluded.sound, updated_at = excluded.updated_at
                """)
        }
    }
}
