import Foundation
import MemorizeCore
import PostgresNIO

// The shared built-in themes in PostgreSQL: stored once, and copied for a player on their first
// change to their list, as in the SQLite store (CardTableStore+SharedThemes.swift).

extension PostgresStore {
    /// Stores the built-in themes as the shared ones unless they are there already. Instances
    /// starting together store them once: the others wait on the shared owner's row, then find it.
    func storeSharedThemes() async throws {
        try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
                VALUES (\(CardTableStore.sharedThemesOwner), \(Date(timeIntervalSince1970: 0)), NULL, true, false)
                ON CONFLICT (id) DO NOTHING RETURNING 1
                """, logger: logger)
            var isNew = false
            for try await _ in inserted { isNew = true }
            guard isNew else { return }
            for (position, theme) in Theme.builtIn.enumerated() {
                var record = try ThemeRecord(
                    theme, owner: CardTableStore.sharedThemesOwner, position: position)
                try await insertWithRandomID(&record, on: connection)
            }
        }
    }

    /// Stores and locks the player, and gives them their own copies of the shared themes unless
    /// they have them already, so their list can change. Their games move over to the copies.
    func takeOwnershipOfThemes(for player: PlayerID, at now: Date, on connection: PostgresConnection)
        async throws
    {
        try await lockPlayer(player, at: now, on: connection)
        guard try await themeOwner(of: player, on: connection) != player.rawValue else { return }
        let shared = try await readableThemeRecords(ownedBy: CardTableStore.sharedThemesOwner, on: connection)
        for (position, builtIn) in shared.enumerated() {
            guard let builtInID = builtIn.id else { continue }
            var copy = builtIn.copy(for: player, at: position)
            try await insertWithRandomID(&copy, on: connection)
            try await moveMemorizeGames(
                of: player, from: ThemeID(builtInID), to: ThemeID(copy.id ?? builtInID), on: connection)
        }
        try await connection.query(
            "UPDATE player SET owns_themes = true WHERE id = \(player.rawValue)", logger: logger)
    }

    /// The shared built-in themes the player's list lacks: those they deleted. (A built-in they
    /// edited is still theirs; copies made before built-ins were shared are matched by name.)
    func missingBuiltInThemes(of player: PlayerID, on connection: PostgresConnection) async throws
        -> [ThemeRecord]
    {
        guard try await themeOwner(of: player, on: connection) == player.rawValue else { return [] }
        let own = try await readableThemeRecords(ownedBy: player.rawValue, on: connection)
        let presentIDs = Set(own.compactMap(\.builtInID))
        let presentNames = Set(own.filter { $0.builtInID == nil }.map(\.name))
        return try await readableThemeRecords(ownedBy: CardTableStore.sharedThemesOwner, on: connection)
            .filter { builtIn in
                guard let id = builtIn.id else { return false }
                return !presentIDs.contains(id) && !presentNames.contains(builtIn.name)
            }
    }

    /// Inserts the row with a new random id (see ``ThemeID/random()``), drawing again on the
    /// rare id that is taken.
    func insertWithRandomID(_ record: inout ThemeRecord, on connection: PostgresConnection) async throws {
        while true {
            let candidate = ThemeID.random().rawValue
            let rows = try await connection.query(
                """
                INSERT INTO theme (id, player_id, position, name, emojis, removed_emojis, number_of_pairs,
                    color, is_deleted, built_in_id)
                VALUES (\(candidate), \(record.playerID), \(record.position), \(record.name), \(record.emojis),
                    \(record.removedEmojis), \(record.numberOfPairs), \(record.color), \(record.isDeleted),
                    \(record.builtInID))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: logger)
            for try await _ in rows {
                record.id = candidate
                return
            }
        }
    }
}
