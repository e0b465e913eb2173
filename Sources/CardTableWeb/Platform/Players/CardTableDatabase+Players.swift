import Foundation

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
