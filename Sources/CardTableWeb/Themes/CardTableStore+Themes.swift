import Foundation
import GRDB
import MemorizeCore

extension CardTableStore.Transaction {
    /// The player's themes, in their order (deleted ones left out): their own, or the shared
    /// built-ins until they have changed their list. A theme whose row cannot be read is moved to
    /// the quarantine and left out.
    func themes(of player: PlayerID) throws -> [SavedTheme] {
        // NB: `themeRows(ownedBy:)` written out, so its statement is compiled once.
        try decodedRows(
            "SELECT * FROM theme WHERE player_id = ? AND is_deleted = 0 ORDER BY position, id",
            [themeOwner(of: player)], of: ThemeRecord.databaseTableName
        ) { try ThemeRecord(row: $0).savedTheme() }
    }

    /// The theme rows of `owner` (a player id or ``CardTableStore/sharedThemesOwner``), in order,
    /// without the deleted ones; a row that cannot be read as a theme is moved to the quarantine
    /// and left out, as ``themes(of:)`` does.
    func themeRecords(ownedBy owner: String) throws -> [ThemeRecord] {
        try decodedRows(
            "SELECT * FROM theme WHERE player_id = ? AND is_deleted = 0 ORDER BY position, id",
            [owner], of: ThemeRecord.databaseTableName
        ) { row in
            let record = try ThemeRecord(row: row)
            _ = try record.savedTheme()
            return record
        }
    }

    /// One of the player's themes; `nil` when it does not exist, is deleted, is someone else's,
    /// or could not be read (it is moved to the quarantine). A player's copy of a built-in theme
    /// also answers to the built-in's id (and comes back with its own).
    func theme(_ id: ThemeID, of player: PlayerID) throws -> SavedTheme? {
        // NB: the same query as `themeRequest`, written out so its statement is compiled once.
        let owner = try themeOwner(of: player)
        let row =
            owner == player.rawValue
            ? try cachedRow(
                """
                SELECT * FROM theme WHERE player_id = ? AND is_deleted = 0 AND (id = ? OR built_in_id = ?)
                ORDER BY id = ? DESC LIMIT 1
                """, [owner, id.rawValue, id.rawValue, id.rawValue])
            : try cachedRow(
                "SELECT * FROM theme WHERE player_id = ? AND is_deleted = 0 AND id = ?", [owner, id.rawValue])
        return try row.flatMap(savedTheme)
    }

    /// The row of one of the player's themes, as ``theme(_:of:)`` finds it.
    func themeRequest(_ id: ThemeID, of player: PlayerID) throws -> QueryInterfaceRequest<ThemeRecord> {
        let owner = try themeOwner(of: player)
        let rows = CardTableStore.themeRows(ownedBy: owner)
        guard owner == player.rawValue else { return rows.filter(key: id.rawValue) }
        return rows.filter(
            ThemeRecord.Columns.id == id.rawValue || ThemeRecord.Columns.builtInID == id.rawValue
        )
        .order((ThemeRecord.Columns.id == id.rawValue).desc)
    }

    /// The player's deleted themes, the most recently deleted first.
    func deletedThemes(of player: PlayerID) -> QueryInterfaceRequest<ThemeRecord> {
        ThemeRecord.filter(ThemeRecord.Columns.playerID == player.rawValue)
            .filter(ThemeRecord.Columns.isDeleted == true)
            .order(ThemeRecord.Columns.id.desc)
    }

    /// A row of the `theme` table as a theme; `nil` when it cannot be read (it is moved to the
    /// quarantine, and its games go with it).
    func savedTheme(_ row: Row) throws -> SavedTheme? {
        try readOrSetAside(row, of: ThemeRecord.databaseTableName) { try ThemeRecord(row: row).savedTheme() }
    }
}

/// A player tried to add a theme while keeping ``CardTableStore/maximumThemesPerPlayer`` already.
public struct ThemeLimitReached: Error, Equatable, CustomStringConvertible {
    public var description: String {
        "You keep \(CardTableStore.maximumThemesPerPlayer) themes, the most one player can: delete one to add another."
    }
}

extension CardTableStore {
    /// The most themes one player keeps (deleted ones waiting for Undo do not count).
    public static let maximumThemesPerPlayer = 100

    // MARK: - Reading themes

    /// The player's themes, in their order (deleted ones left out).
    public func themes(of player: PlayerID) async throws -> [SavedTheme] {
        try await read { try $0.themes(of: player) }
    }

    /// The player's themes, how many of them could not be read and were set aside just now, and
    /// how many built-in themes the player deleted.
    public func themeList(of player: PlayerID) async throws -> ThemeList {
        try await read { transaction in
            let themes = try transaction.themes(of: player)
            return ThemeList(
                themes: themes, setAsideCount: transaction.setAsideCount(in: ThemeRecord.databaseTableName),
                missingBuiltInCount: try transaction.missingBuiltInThemeCount(of: player))
        }
    }

    /// One of the player's themes; `nil` when it does not exist, is deleted, or is someone else's.
    public func theme(_ id: ThemeID, of player: PlayerID) async throws -> SavedTheme? {
        try await read { try $0.theme(id, of: player) }
    }

    /// The theme the player deleted last, while it can still be brought back.
    public func recentlyDeletedTheme(of player: PlayerID) async throws -> SavedTheme? {
        try await read { transaction in
            try transaction.deletedThemes(of: player).asRequest(of: Row.self).fetchOne(transaction.db)
                .flatMap(transaction.savedTheme)
        }
    }

    // MARK: - Changing themes

    // Every change first gives the player their own copies of the shared themes.

    /// Adds a theme at the end of the player's list.
    /// - Throws: ``ThemeLimitReached`` when the player already keeps ``maximumThemesPerPlayer``.
    public func addTheme(_ theme: Theme, for player: PlayerID, at now: Date = Date()) async throws
        -> SavedTheme
    {
        try await write { transaction in
            try transaction.takeOwnershipOfThemes(for: player, at: now)
            let db = transaction.db
            guard try Self.themeRows(ownedBy: player.rawValue).fetchCount(db) < Self.maximumThemesPerPlayer
            else {
                throw ThemeLimitReached()
            }
            var record = try ThemeRecord(
                theme, owner: player.rawValue, position: Self.nextPosition(of: player, in: db))
            try record.insertWithRandomID(db)
            return try record.savedTheme()
        }
    }

    /// Replaces a theme with an edited version. When anything changed, the theme's games are
    /// thrown away so the next visit deals a fresh game from the new theme.
    /// - Returns: whether the theme changed, or `nil` when the player has no such theme.
    public func updateTheme(_ id: ThemeID, to theme: Theme, for player: PlayerID, at now: Date = Date())
        async throws -> Bool?
    {
        try await write { transaction in
            guard let current = try transaction.theme(id, of: player) else { return nil }
            guard current.theme != theme else { return false }
            try transaction.takeOwnershipOfThemes(for: player, at: now)
            guard var record = try transaction.themeRequest(id, of: player).fetchOne(transaction.db),
                let rowID = record.id
            else { return nil }
            try record.update(from: theme)
            try record.update(transaction.db)
            try transaction.deleteMemorizeGames(dealtFrom: ThemeID(rowID))
            return true
        }
    }

    /// Deletes a theme, recoverably: it stays restorable with ``undoDeleteTheme(_:for:)`` until
    /// the player deletes another one. Its games go with it.
    /// - Returns: the deleted theme, or `nil` when the player has no such theme.
    public func deleteTheme(_ id: ThemeID, for player: PlayerID, at now: Date = Date()) async throws
        -> SavedTheme?
    {
        try await write { transaction in
            guard try transaction.theme(id, of: player) != nil else { return nil }
            try transaction.takeOwnershipOfThemes(for: player, at: now)
            let db = transaction.db
            guard let saved = try transaction.theme(id, of: player),
                var record = try transaction.themeRequest(id, of: player).fetchOne(db)
            else { return nil }
            try transaction.deletedThemes(of: player).deleteAll(db)
            record.isDeleted = true
            try record.update(db)
            try transaction.deleteMemorizeGames(dealtFrom: saved.id)
            return saved
        }
    }

    /// Brings back a theme deleted by ``deleteTheme(_:for:at:)`` at the place it had.
    /// - Returns: the restored theme, or `nil` when there is no such deleted theme.
    public func undoDeleteTheme(_ id: ThemeID, for player: PlayerID) async throws -> SavedTheme? {
        try await write { transaction in
            let deleted = transaction.deletedThemes(of: player)
                .filter(ThemeRecord.Columns.id == id.rawValue || ThemeRecord.Columns.builtInID == id.rawValue)
            guard let row = try deleted.asRequest(of: Row.self).fetchOne(transaction.db),
                let saved = try transaction.savedTheme(row),
                var record = try deleted.fetchOne(transaction.db)
            else { return nil }
            record.isDeleted = false
            try record.update(transaction.db)
            return saved
        }
    }

    /// Moves a theme to `index` in the player's list (clamped to the list), shifting the others.
    /// - Returns: `false` when the player has no such theme.
    public func moveTheme(_ id: ThemeID, to index: Int, for player: PlayerID, at now: Date = Date())
        async throws
        -> Bool
    {
        try await write { transaction in
            guard try transaction.theme(id, of: player) != nil else { return false }
            try transaction.takeOwnershipOfThemes(for: player, at: now)
            let db = transaction.db
            guard let moving = try transaction.themeRequest(id, of: player).fetchOne(db) else { return false }
            var records = try transaction.themeRecords(ownedBy: player.rawValue)
            records.removeAll { $0.id == moving.id }
            records.insert(moving, at: min(max(0, index), records.count))
            for (position, var record) in records.enumerated() where record.position != position {
                record.position = position
                try record.update(db)
            }
            return true
        }
    }

    // MARK: - Helpers

    /// The themes rows of `owner` (a player id or ``sharedThemesOwner``), in order, without the
    /// deleted ones.
    static func themeRows(ownedBy owner: String) -> QueryInterfaceRequest<ThemeRecord> {
        ThemeRecord.filter(ThemeRecord.Columns.playerID == owner)
            .filter(ThemeRecord.Columns.isDeleted == false)
            .order(ThemeRecord.Columns.position, ThemeRecord.Columns.id)
    }

    static func nextPosition(of player: PlayerID, in db: Database) throws -> Int {
        // NB: a position that is not a number (damage) is left out: it would be the largest.
        let last = try ThemeRecord.filter(ThemeRecord.Columns.playerID == player.rawValue)
            .filter(sql: "typeof(position) = 'integer'")
            .select(max(ThemeRecord.Columns.position), as: Int?.self)
            .fetchOne(db)
        return (last ?? nil).map { $0 + 1 } ?? 0
    }
}
