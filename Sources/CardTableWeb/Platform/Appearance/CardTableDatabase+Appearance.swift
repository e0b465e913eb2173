import Foundation

/// The appearance each player chose (migration `v11-appearance`): no row is ``Appearance/system``.
/// Pages read it with the other page settings (``CardTableDatabase/pageSettings(of:)``).
extension CardTableDatabase {
    /// Remembers `appearance` for `player` on every device of theirs; the player is stored if
    /// they are not.
    func setAppearance(_ appearance: Appearance, of player: PlayerID, at now: Date) async throws {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            try transaction.execute(
                """
                INSERT INTO player_appearance (player_id, appearance, updated_at)
                VALUES (\(player.rawValue), \(appearance.rawValue), \(now))
                ON CONFLICT (player_id) DO UPDATE SET appearance = excluded.appearance, updated_at = excluded.updated_at
                """)
        }
    }
}
