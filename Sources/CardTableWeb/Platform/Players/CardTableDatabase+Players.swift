import Foundation

extension DatabaseTransaction {
    /// Stores `player` unless they are stored: called by every save, since a player is only
    /// stored once they do something worth keeping.
    func storePlayer(_ player: PlayerID, at now: Date) throws {
        try execute(
            """
            INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
            VALUES (\(player.rawValue), \(now), \(now), \(false), \(false)) ON CONFLICT (id) DO NOTHING
            """)
    }

    /// Makes the player's other changes wait for this transaction to end: on PostgreSQL the
    /// player is stored if need be and their row locked (a first move has no game row to lock);
    /// SQLite's single writer already runs each write transaction alone.
    func lockPlayer(_ player: PlayerID, at now: Date) throws {
        guard dialect.locksRows else { return }
        try storePlayer(player, at: now)
        _ = try rows("SELECT id FROM player WHERE id = \(player.rawValue)\(SQL.forUpdate)") { _ in () }
    }
}

extension CardTableDatabase {
    /// Whether `player` is stored and was given their cookie before cookies were signed.
    func hasUnsignedCookie(_ player: PlayerID) async throws -> Bool {
        try await read { transaction in
            try transaction.firstRow(
                "SELECT 1 AS found FROM player WHERE id = \(player.rawValue) AND unsigned_cookie = \(true)"
            ) { _ in true } ?? false
        }
    }

    /// Deletes every player not seen since `cutoff`, with their themes and games (the foreign
    /// keys' cascade), but never the owner of the shared built-in themes.
    /// - Returns: How many players were deleted.
    func sweepPlayers(notSeenSince cutoff: Date) async throws -> Int {
        try await write { transaction in
            try transaction.execute(
                """
                DELETE FROM player WHERE coalesce(last_seen_at, created_at) < \(cutoff)
                    AND id <> \(CardTableStore.sharedThemesOwner)
                """)
        }
    }
}
