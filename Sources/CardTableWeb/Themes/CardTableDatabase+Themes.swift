import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

/// Each player's Memorize themes: their list (the shared built-in themes until they change it),
/// and every change to it, one transaction each.
///
/// Every change first stores the player and on PostgreSQL locks their row
/// (``DatabaseTransaction/lockPlayer(_:at:)``), so one player's changes from any number of
/// instances run one after another, then gives them their own copies of the shared themes (copy
/// on write, see SharedThemes.swift).
extension CardTableDatabase {
    /// The player's themes, in their order.
    func themes(of player: PlayerID) async throws -> [SavedTheme] {
        try await read { try $0.themes(of: player) }
    }

    /// The player's themes, with how many were set aside as unreadable just now and how many
    /// built-in themes they deleted.
    func themeList(of player: PlayerID) async throws -> ThemeList {
        try await read { transaction in
            // NB: whose rows the player sees is read once, for the list and the count.
            let owner = try transaction.themeOwner(of: player)
            let themes = try transaction.readableThemes(ownedBy: owner).map(\.theme)
            return ThemeList(
                themes: themes, setAsideCount: transaction.setAsideCount(in: "theme"),
                missingBuiltInCount: owner == player.rawValue
                    ? try transaction.missingBuiltInThemeCount(ofOwner: player) : 0)
        }
    }

    /// One of the player's themes; nil when it does not exist, is deleted, or is someone else's.
    func theme(_ id: ThemeID, of player: PlayerID) async throws -> SavedTheme? {
        try await read { try $0.theme(id, of: player) }
    }

    /// The theme the player deleted last, while it can still be brought back.
    func recentlyDeletedTheme(of player: PlayerID) async throws -> SavedTheme? {
        try await read { transaction in
            try transaction.readable(
                transaction.themeRecords(
                    """
                    SELECT * FROM theme WHERE player_id = \(player.rawValue) AND is_deleted = \(true)
                    ORDER BY id DESC LIMIT 1
                    """)
            ).first
        }
    }

    /// Adds a theme at the end of the player's list.
    /// - Throws: ``ThemeLimitReached`` when the player already keeps ``ThemeList/maximumCount``.
    func addTheme(_ theme: Theme, for player: PlayerID, at now: Date = Date()) async throws -> SavedTheme {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            try transaction.takeOwnershipOfThemes(for: player)
            guard try transaction.ownThemeCount(of: player) < ThemeList.maximumCount else {
                throw ThemeLimitReached()
            }
            var record = try ThemeRecord(
                theme, owner: player.rawValue, position: try transaction.nextThemePosition(of: player))
            try transaction.insertWithRandomID(&record)
            return try record.savedTheme()
        }
    }

    /// Replaces a theme with an edited version. When anything changed, the theme's games are
    /// thrown away so the next visit deals a fresh game from the new theme.
    func updateTheme(_ id: ThemeID, to theme: Theme, for player: PlayerID, at now: Date = Date()) async throws
        -> Bool?
    {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            guard let current = try transaction.theme(id, of: player) else { return nil }
            guard current.theme != theme else { return false }
            try transaction.takeOwnershipOfThemes(for: player)
            guard var record = try transaction.themeRecord(id, of: player), let rowID = record.id else {
                return nil
            }
            try record.update(from: theme)
            try transaction.execute(
                """
                UPDATE theme SET name = \(record.name), emojis = \(record.emojis),
                    removed_emojis = \(record.removedEmojis), number_of_pairs = \(record.numberOfPairs),
                    color = \(record.color)
                WHERE id = \(rowID)
                """)
            try transaction.deleteMemorizeGames(dealtFrom: ThemeID(rowID))
            return true
        }
    }

    /// Deletes a theme, recoverably: it stays restorable with ``undoDeleteTheme(_:for:)`` until
    /// the player deletes another one. Its games go with it.
    func deleteTheme(_ id: ThemeID, for player: PlayerID, at now: Date = Date()) async throws -> SavedTheme? {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            guard try transaction.theme(id, of: player) != nil else { return nil }
            try transaction.takeOwnershipOfThemes(for: player)
            guard let saved = try transaction.theme(id, of: player) else { return nil }
            try transaction.execute(
                "DELETE FROM theme WHERE player_id = \(player.rawValue) AND is_deleted = \(true)")
            try transaction.execute("UPDATE theme SET is_deleted = \(true) WHERE id = \(saved.id.rawValue)")
            try transaction.deleteMemorizeGames(dealtFrom: saved.id)
            return saved
        }
    }

    /// Brings back a theme deleted by ``deleteTheme(_:for:at:)`` at the place it had.
    func undoDeleteTheme(_ id: ThemeID, for player: PlayerID) async throws -> SavedTheme? {
        try await write { transaction in
            let deleted = try transaction.themeRecords(
                """
                SELECT * FROM theme WHERE player_id = \(player.rawValue) AND is_deleted = \(true)
                    AND (id = \(id.rawValue) OR built_in_id = \(id.rawValue))
                ORDER BY id DESC LIMIT 1
                """)
            guard let saved = try transaction.readable(deleted).first else { return nil }
            try transaction.execute("UPDATE theme SET is_deleted = \(false) WHERE id = \(saved.id.rawValue)")
            return saved
        }
    }

    /// Moves a theme to `index` in the player's list (clamped to the list), shifting the others.
    func moveTheme(_ id: ThemeID, to index: Int, for player: PlayerID, at now: Date = Date()) async throws
        -> Bool
    {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            guard try transaction.theme(id, of: player) != nil else { return false }
            try transaction.takeOwnershipOfThemes(for: player)
            guard let moving = try transaction.themeRecord(id, of: player) else { return false }
            var records = try transaction.readableThemeRecords(ownedBy: player.rawValue)
            records.removeAll { $0.id == moving.id }
            records.insert(moving, at: min(max(0, index), records.count))
            for (position, record) in records.enumerated() where record.position != position {
                guard let rowID = record.id else { continue }
                try transaction.execute("UPDATE theme SET position = \(position) WHERE id = \(rowID)")
            }
            return true
        }
    }

    /// Brings back every built-in theme the player deleted, at the end of their list.
    /// - Returns: How many came back.
    /// - Throws: ``ThemeLimitReached`` when they would not fit under ``ThemeList/maximumCount``.
    func restoreBuiltInThemes(for player: PlayerID, at now: Date = Date()) async throws -> Int {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            let missing = try transaction.missingBuiltInThemes(of: player)
            guard !missing.isEmpty else { return 0 }
            let count = try transaction.ownThemeCount(of: player)
            guard count + missing.count <= ThemeList.maximumCount else { throw ThemeLimitReached() }
            // NB: a deleted copy waiting for Undo would come back twice.
            try transaction.execute(
                """
                DELETE FROM theme WHERE player_id = \(player.rawValue) AND is_deleted = \(true)
                    AND built_in_id IN (\(list: missing.compactMap(\.id)))
                """)
            var position = try transaction.nextThemePosition(of: player)
            for builtIn in missing {
                var copy = builtIn.copy(for: player, at: position)
                try transaction.insertWithRandomID(&copy)
                position += 1
            }
            return missing.count
        }
    }
}
