import Foundation
import MemorizeCore
import PostgresNIO

/// Themes in PostgreSQL, with the SQLite store's rules (shared built-ins copied on a player's
/// first change, random ids, one deleted theme kept for Undo). A change locks the player's row
/// first, so one player's changes from any number of instances run one after another.
extension PostgresStore: ThemeStore {
    func themes(of player: PlayerID) async throws -> [SavedTheme] {
        try await transaction { connection in try await themes(of: player, on: connection).themes }
    }

    func themeList(of player: PlayerID) async throws -> ThemeList {
        try await transaction { connection in
            let (themes, setAsideCount) = try await themes(of: player, on: connection)
            return ThemeList(
                themes: themes, setAsideCount: setAsideCount,
                missingBuiltInCount: try await missingBuiltInThemes(of: player, on: connection).count)
        }
    }

    func theme(_ id: ThemeID, of player: PlayerID) async throws -> SavedTheme? {
        try await transaction { connection in try await theme(id, of: player, on: connection) }
    }

    func recentlyDeletedTheme(of player: PlayerID) async throws -> SavedTheme? {
        try await transaction { connection in
            let deleted = try await themeRecords(
                """
                SELECT \(unescaped: ThemeRecord.postgresColumns) FROM theme
                WHERE player_id = \(player.rawValue) AND is_deleted ORDER BY id DESC LIMIT 1
                """, on: connection)
            return try await readable(deleted, on: connection).themes.first
        }
    }

    func addTheme(_ theme: Theme, for player: PlayerID, at now: Date) async throws -> SavedTheme {
        try await transaction { connection in
            try await takeOwnershipOfThemes(for: player, at: now, on: connection)
            guard try await ownThemeCount(of: player, on: connection) < CardTableStore.maximumThemesPerPlayer
            else { throw ThemeLimitReached() }
            var record = try ThemeRecord(
                theme, owner: player.rawValue,
                position: try await nextThemePosition(of: player, on: connection))
            try await insertWithRandomID(&record, on: connection)
            return try record.savedTheme()
        }
    }

    func updateTheme(_ id: ThemeID, to theme: Theme, for player: PlayerID, at now: Date) async throws -> Bool?
    {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            guard let current = try await self.theme(id, of: player, on: connection) else { return nil }
            guard current.theme != theme else { return false }
            try await takeOwnershipOfThemes(for: player, at: now, on: connection)
            guard var record = try await themeRecord(id, of: player, on: connection), let rowID = record.id
            else { return nil }
            try record.update(from: theme)
            try await connection.query(
                """
                UPDATE theme SET name = \(record.name), emojis = \(record.emojis),
                    removed_emojis = \(record.removedEmojis), number_of_pairs = \(record.numberOfPairs),
                    color = \(record.color)
                WHERE id = \(rowID)
                """, logger: logger)
            try await deleteMemorizeGames(dealtFrom: ThemeID(rowID), on: connection)
            return true
        }
    }

    func deleteTheme(_ id: ThemeID, for player: PlayerID, at now: Date) async throws -> SavedTheme? {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            guard try await theme(id, of: player, on: connection) != nil else { return nil }
            try await takeOwnershipOfThemes(for: player, at: now, on: connection)
            guard let saved = try await theme(id, of: player, on: connection) else { return nil }
            try await connection.query(
                "DELETE FROM theme WHERE player_id = \(player.rawValue) AND is_deleted", logger: logger)
            try await connection.query(
                "UPDATE theme SET is_deleted = true WHERE id = \(saved.id.rawValue)", logger: logger)
            try await deleteMemorizeGames(dealtFrom: saved.id, on: connection)
            return saved
        }
    }

    func undoDeleteTheme(_ id: ThemeID, for player: PlayerID) async throws -> SavedTheme? {
        try await transaction { connection in
            let deleted = try await themeRecords(
                """
                SELECT \(unescaped: ThemeRecord.postgresColumns) FROM theme
                WHERE player_id = \(player.rawValue) AND is_deleted
                    AND (id = \(id.rawValue) OR built_in_id = \(id.rawValue))
                ORDER BY id DESC LIMIT 1
                """, on: connection)
            guard let saved = try await readable(deleted, on: connection).themes.first else { return nil }
            try await connection.query(
                "UPDATE theme SET is_deleted = false WHERE id = \(saved.id.rawValue)", logger: logger)
            return saved
        }
    }

    func moveTheme(_ id: ThemeID, to index: Int, for player: PlayerID, at now: Date) async throws -> Bool {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            guard try await theme(id, of: player, on: connection) != nil else { return false }
            try await takeOwnershipOfThemes(for: player, at: now, on: connection)
            guard let moving = try await themeRecord(id, of: player, on: connection) else { return false }
            var records = try await readableThemeRecords(ownedBy: player.rawValue, on: connection)
            records.removeAll { $0.id == moving.id }
            records.insert(moving, at: min(max(0, index), records.count))
            for (position, record) in records.enumerated() where record.position != position {
                guard let rowID = record.id else { continue }
                try await connection.query(
                    "UPDATE theme SET position = \(position) WHERE id = \(rowID)", logger: logger)
            }
            return true
        }
    }

    func restoreBuiltInThemes(for player: PlayerID, at now: Date) async throws -> Int {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            let missing = try await missingBuiltInThemes(of: player, on: connection)
            guard !missing.isEmpty else { return 0 }
            let count = try await ownThemeCount(of: player, on: connection)
            guard count + missing.count <= CardTableStore.maximumThemesPerPlayer else {
                throw ThemeLimitReached()
            }
            // NB: a deleted copy waiting for Undo would come back twice.
            try await connection.query(
                """
                DELETE FROM theme WHERE player_id = \(player.rawValue) AND is_deleted
                    AND built_in_id = ANY(\(missing.compactMap(\.id)))
                """, logger: logger)
            var position = try await nextThemePosition(of: player, on: connection)
            for builtIn in missing {
                var copy = builtIn.copy(for: player, at: position)
                try await insertWithRandomID(&copy, on: connection)
                position += 1
            }
            return missing.count
        }
    }
}

// MARK: - Reading themes in a transaction

extension PostgresStore {
    /// The player's themes, in their order, and how many were set aside as unreadable just now.
    func themes(of player: PlayerID, on connection: PostgresConnection) async throws
        -> (themes: [SavedTheme], setAside: Int)
    {
        let owner = try await themeOwner(of: player, on: connection)
        return try await readable(try await themeRecords(ownedBy: owner, on: connection), on: connection)
    }

    /// One of the player's themes (a copy of a built-in answers to the built-in's id too); nil
    /// when it does not exist, is deleted, is someone else's, or was set aside as unreadable.
    func theme(_ id: ThemeID, of player: PlayerID, on connection: PostgresConnection) async throws
        -> SavedTheme?
    {
        guard let record = try await themeRecord(id, of: player, on: connection) else { return nil }
        return try await readable([record], on: connection).themes.first
    }

    /// The row of one of the player's themes, as ``theme(_:of:on:)`` finds it.
    private func themeRecord(_ id: ThemeID, of player: PlayerID, on connection: PostgresConnection)
        async throws -> ThemeRecord?
    {
        let owner = try await themeOwner(of: player, on: connection)
        guard owner == player.rawValue else {
            return try await themeRecords(
                """
                SELECT \(unescaped: ThemeRecord.postgresColumns) FROM theme
                WHERE player_id = \(owner) AND NOT is_deleted AND id = \(id.rawValue)
                """, on: connection
            ).first
        }
        return try await themeRecords(
            """
            SELECT \(unescaped: ThemeRecord.postgresColumns) FROM theme
            WHERE player_id = \(owner) AND NOT is_deleted AND (id = \(id.rawValue) OR built_in_id = \(id.rawValue))
            ORDER BY id = \(id.rawValue) DESC LIMIT 1
            """, on: connection
        ).first
    }

    /// Whose theme rows the player sees: their own once they have copies, the shared ones before.
    func themeOwner(of player: PlayerID, on connection: PostgresConnection) async throws -> String {
        let rows = try await connection.query(
            "SELECT owns_themes FROM player WHERE id = \(player.rawValue)", logger: logger)
        for try await owns in rows.decode(Bool.self) where owns { return player.rawValue }
        return CardTableStore.sharedThemesOwner
    }

    /// The theme rows of `owner` (a player or the shared themes' owner), in order, without the
    /// deleted ones.
    func themeRecords(ownedBy owner: String, on connection: PostgresConnection) async throws -> [ThemeRecord]
    {
        try await themeRecords(
            """
            SELECT \(unescaped: ThemeRecord.postgresColumns) FROM theme
            WHERE player_id = \(owner) AND NOT is_deleted ORDER BY position, id
            """, on: connection)
    }

    /// The theme rows of `owner`, as ``themeRecords(ownedBy:on:)`` finds them, but for those that
    /// cannot be read as themes: they are moved to the quarantine and left out.
    func readableThemeRecords(ownedBy owner: String, on connection: PostgresConnection) async throws
        -> [ThemeRecord]
    {
        var readableRecords: [ThemeRecord] = []
        for record in try await themeRecords(ownedBy: owner, on: connection) {
            if try await readable([record], on: connection).setAside == 0 { readableRecords.append(record) }
        }
        return readableRecords
    }

    /// The rows `query` selects (``ThemeRecord/postgresColumns``, in that order).
    private func themeRecords(_ query: PostgresQuery, on connection: PostgresConnection) async throws
        -> [ThemeRecord]
    {
        var records: [ThemeRecord] = []
        let rows = try await connection.query(query, logger: logger)
        for try await (id, owner, position, name, emojis, removedEmojis, pairs, color, isDeleted, builtInID)
            in rows.decode((Int64, String, Int, String, String, String, Int, String, Bool, Int64?).self)
        {
            records.append(
                ThemeRecord(
                    id: id, playerID: owner, position: position, name: name, emojis: emojis,
                    removedEmojis: removedEmojis, numberOfPairs: pairs, color: color, isDeleted: isDeleted,
                    builtInID: builtInID))
        }
        return records
    }

    /// The records as themes; one that cannot be read is moved to the quarantine (its games go
    /// with it) and left out.
    private func readable(_ records: [ThemeRecord], on connection: PostgresConnection) async throws
        -> (themes: [SavedTheme], setAside: Int)
    {
        var themes: [SavedTheme] = []
        var setAside = 0
        for record in records {
            do {
                themes.append(try record.savedTheme())
            } catch {
                guard let id = record.id else { continue }
                try await self.setAside(
                    from: "theme", key: ["id": .number(id)], because: error, on: connection)
                setAside += 1
            }
        }
        return (themes, setAside)
    }

    private func ownThemeCount(of player: PlayerID, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            "SELECT count(*) FROM theme WHERE player_id = \(player.rawValue) AND NOT is_deleted",
            logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    private func nextThemePosition(of player: PlayerID, on connection: PostgresConnection) async throws -> Int
    {
        let rows = try await connection.query(
            "SELECT coalesce(max(position) + 1, 0) FROM theme WHERE player_id = \(player.rawValue)",
            logger: logger)
        for try await position in rows.decode(Int.self) { return position }
        return 0
    }
}

extension ThemeRecord {
    /// The columns PostgreSQL reads a theme row from, in the order its decoder takes them.
    static let postgresColumns =
        "id, player_id, position, name, emojis, removed_emojis, number_of_pairs, color, is_deleted, built_in_id"
}
