import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

extension DatabaseTransaction {
    /// The player's themes, in their order (deleted ones left out): their own, or the shared
    /// built-ins until they have changed their list. A theme whose row cannot be read is moved to
    /// the quarantine and left out.
    func themes(of player: PlayerID) throws -> [SavedTheme] {
        try readableThemes(ownedBy: themeOwner(of: player)).map(\.theme)
    }

    /// One of the player's themes; nil when it does not exist, is deleted, is someone else's, or
    /// could not be read (it is moved to the quarantine). A player's copy of a built-in theme
    /// also answers to the built-in's id (and comes back with its own).
    func theme(_ id: ThemeID, of player: PlayerID) throws -> SavedTheme? {
        try readable(themeRecord(id, of: player).map { [$0] } ?? []).first
    }

    /// The row of one of the player's themes, as ``theme(_:of:)`` finds it, read as it is.
    func themeRecord(_ id: ThemeID, of player: PlayerID) throws -> ThemeRecord? {
        try themeRecords(
            "SELECT * FROM theme WHERE id = (\(Self.themeRowID(answeringTo: "\(id.rawValue)", for: player)))"
        ).first
    }

    /// A query for the id of the theme row that answers to theme id `id` for `player`, as
    /// ``theme(_:of:)`` finds it; `id` may be a column of the statement it is part of.
    static func themeRowID(answeringTo id: SQL, for player: PlayerID) -> SQL {
        // NB: it also finds whose rows the player sees (see ``themeOwner(of:)``). The shared rows
        // have no built-in id, so only a player's copy answers to its built-in's; and one owner's
        // rows never hold both a row with that id and a copy of a built-in with that id (a
        // built-in's id is a shared row's), so the order only picks among copies: the one with
        // the lowest id, always the same.
        // (Ordering by `id` itself: SQLite cannot read an outer column in the ORDER BY of a
        // subquery in a join's ON clause.)
        """
        SELECT id FROM theme
        WHERE player_id = coalesce(
                (SELECT id FROM player WHERE id = \(player.rawValue) AND owns_themes = \(true)), \(SharedThemes.owner))
            AND is_deleted = \(false) AND (id = \(id) OR built_in_id = \(id))
        ORDER BY id LIMIT 1
        """
    }

    /// The theme rows of `owner` (a player id or ``SharedThemes/owner``), in order, without the
    /// deleted ones and those that cannot be read as themes (they are moved to the quarantine).
    func readableThemeRecords(ownedBy owner: String) throws -> [ThemeRecord] {
        try readableThemes(ownedBy: owner).map(\.record)
    }

    /// ``readableThemeRecords(ownedBy:)`` with each row's theme, read once.
    func readableThemes(ownedBy owner: String) throws -> [(record: ThemeRecord, theme: SavedTheme)] {
        try rows(
            "SELECT * FROM theme WHERE player_id = \(owner) AND is_deleted = \(false) ORDER BY position, id",
            settingAsideFrom: "theme", key: { ["id": .integer(try $0("id"))] }
        ) { row in
            let record = try ThemeRecord(row)
            return (record, try record.savedTheme())
        }
    }

    /// The theme rows `sql` selects (all of `theme`'s columns); a row whose columns cannot be read
    /// is moved to the quarantine and left out.
    func themeRecords(_ sql: SQL) throws -> [ThemeRecord] {
        try rows(sql, settingAsideFrom: "theme", key: { ["id": .integer(try $0("id"))] }) {
            try ThemeRecord($0)
        }
    }

    /// The records as themes; one that cannot be read is moved to the quarantine (its games go
    /// with it) and left out.
    func readable(_ records: [ThemeRecord]) throws -> [SavedTheme] {
        try records.compactMap { record in
            guard let id = record.id else { return nil }
            return try readOrSetAside(from: "theme", key: ["id": .integer(id)]) { try record.savedTheme() }
        }
    }

    /// How many themes the player keeps (not counting one deleted and waiting for Undo).
    func ownThemeCount(of player: PlayerID) throws -> Int {
        try firstRow(
            "SELECT count(*) AS count FROM theme WHERE player_id = \(player.rawValue) AND is_deleted = \(false)"
        ) { try $0("count") } ?? 0
    }

    /// The position after the player's last theme.
    func nextThemePosition(of player: PlayerID) throws -> Int {
        // NB: on SQLite a position that is not a number (damage) is left out: it would be the largest.
        let numbersOnly = SQL.dialect(sqlite: " AND typeof(position) = 'integer'", postgres: "")
        return try firstRow(
            "SELECT coalesce(max(position) + 1, 0) AS next FROM theme WHERE player_id = \(player.rawValue)\(numbersOnly)"
        ) { try $0("next") } ?? 0
    }

    /// Inserts the row with a new random id (see ``ThemeID/random()``), drawing again on the rare
    /// id that is taken, so ids say nothing about how many themes exist or whose they are.
    func insertWithRandomID(_ record: inout ThemeRecord) throws {
        while true {
            let candidate = ThemeID.random().rawValue
            let inserted = try execute(
                """
                INSERT INTO theme (id, player_id, position, name, emojis, removed_emojis, number_of_pairs,
                    color, is_deleted, built_in_id)
                VALUES (\(candidate), \(record.playerID), \(record.position), \(record.name), \(record.emojis),
                    \(record.removedEmojis), \(record.numberOfPairs), \(record.color), \(record.isDeleted),
                    \(record.builtInID))
                ON CONFLICT (id) DO NOTHING
                """)
            if inserted == 1 {
                record.id = candidate
                return
            }
        }
    }
}
