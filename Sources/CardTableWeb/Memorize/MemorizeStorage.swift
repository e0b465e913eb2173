import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

extension DatabaseTransaction {
    /// The Memorize game stored in `slot`; nil when there is none, its theme is gone, or its row
    /// could not be read (it is moved to the quarantine, so the referee deals afresh).
    /// - Parameter known: The slot's theme when the caller has loaded it already.
    func memorizeGame(in slot: MemorizeSlot, for player: PlayerID, theme known: SavedTheme? = nil) throws
        -> SavedMemorizeGame?
    {
        try memorizeGameAndVersion(in: slot, for: player, theme: known).game
    }

    /// ``memorizeGame(in:for:theme:)``, with the version of its row (see ``RowVersion``; absent
    /// when there is no row, or it was set aside just now).
    func memorizeGameAndVersion(in slot: MemorizeSlot, for player: PlayerID, theme known: SavedTheme? = nil)
        throws -> (game: SavedMemorizeGame?, version: RowVersion)
    {
        let found = try firstRow(
            """
            SELECT *, \(RowVersion.column(of: "memorize_game")) FROM memorize_game
            WHERE player_id = \(player.rawValue) AND slot = \(slot.storageKey)
            """
        ) { row in MemorizeGameRow(catching: { (try MemorizeGameRecord(row), try RowVersion(row)) }) }
        return try memorizeGame(found, in: slot, for: player, theme: known.map(GameTheme.slots) ?? .unknown)
    }

    /// The random slot's game with the theme it was dealt from (as ``theme(_:of:)`` finds it)
    /// and the player's Memorize preferences, in one statement.
    func memorizeRandomGameAndPreferences(for player: PlayerID) throws -> (
        game: SavedMemorizeGame?, version: RowVersion, preferences: MemorizePreferences
    ) {
        let found = try memorizeRows(.dealtFrom, for: player)
        let theme = try found?.theme.flatMap(foundTheme)
        let (game, version) = try memorizeGame(
            found?.game, in: .random, for: player, theme: .readWithTheGame(theme))
        return (game, version, try memorizePreferences(found?.preferences, of: player))
    }

    /// The player's theme `id` as ``theme(_:of:)`` finds it, the game in its slot and the
    /// player's Memorize preferences, in one statement: the slot is the theme row's that answers
    /// to `id` (a player's copy of a built-in has an id of its own). No theme, no game.
    func memorizeThemeGameAndPreferences(answeringTo id: ThemeID, for player: PlayerID) throws -> (
        theme: SavedTheme?, game: SavedMemorizeGame?, version: RowVersion, preferences: MemorizePreferences
    ) {
        let found = try memorizeRows(.slotOf(id), for: player)
        let preferences = try memorizePreferences(found?.preferences, of: player)
        guard let theme = try found?.theme.flatMap(foundTheme) else {
            return (nil, nil, .absent, preferences)
        }
        let (game, version) = try memorizeGame(
            found?.game, in: .theme(theme.id), for: player, theme: .slots(theme))
        return (theme, game, version, preferences)
    }

    /// The rows a Memorize move starts from, as read (each may be missing or unreadable): the
    /// game's, its theme's and the player's preferences', in one statement (a round trip each
    /// fewer on PostgreSQL, where a statement costs the instance more than a whole move's work
    /// on SQLite).
    private func memorizeRows(_ lookup: MemorizeThemeLookup, for player: PlayerID) throws -> (
        game: MemorizeGameRow?, preferences: Result<MemorizePreferences, any Error>?, theme: FoundThemeRow?
    )? {
        let themePrefix = "theme_row_"
        let game: SQL = "LEFT JOIN memorize_game g ON g.player_id = \(player.rawValue) AND g.slot = "
        let joins: SQL =
            switch lookup {
            case .dealtFrom:
                """
                \(game)\(MemorizeSlot.random.storageKey)
                LEFT JOIN theme t ON t.id = (\(Self.themeRowID(answeringTo: "g.theme_id", for: player)))
                """
            case .slotOf(let id):
                """
                LEFT JOIN theme t ON t.id = (\(Self.themeRowID(answeringTo: "\(id.rawValue)", for: player)))
                \(game)\(MemorizeSlot.themeKeyPrefix) || t.id
                """
            }
        return try firstRow(
            """
            SELECT g.*, \(RowVersion.column(of: "g")), p.peeks_at_start, p.turn_back_after_ms,
                p.player_id AS preferences_of, \(ThemeRecord.columns(of: "t", selectedAs: themePrefix))
            FROM (SELECT 1 AS here) AS here
            \(joins)
            LEFT JOIN memorize_preferences p ON p.player_id = \(player.rawValue)
            """
        ) { row in
            let game =
                try row("slot") as String? == nil
                ? nil : MemorizeGameRow(catching: { (try MemorizeGameRecord(row), try RowVersion(row)) })
            let preferences =
                try row("preferences_of") as String? == nil
                ? nil : Result<MemorizePreferences, any Error> { try MemorizePreferences(row) }
            let theme = try row.isNull(themePrefix + "id") ? nil : FoundThemeRow(row, prefix: themePrefix)
            return (game: game, preferences: preferences, theme: theme)
        }
    }

    /// The game of a row read from `slot` (see ``memorizeGameAndVersion(in:for:theme:)``).
    private func memorizeGame(
        _ found: MemorizeGameRow?, in slot: MemorizeSlot, for player: PlayerID, theme gameTheme: GameTheme
    ) throws -> (game: SavedMemorizeGame?, version: RowVersion) {
        let key: [String: SQLValue] = ["player_id": .text(player.rawValue), "slot": .text(slot.storageKey)]
        guard
            let found,
            let (record, version) = try readOrSetAside(from: "memorize_game", key: key, { try found.get() })
        else { return (nil, .absent) }
        let theme: SavedTheme?
        switch gameTheme {
        case .readWithTheGame(let read): theme = read
        case .slots(let known):
            theme =
                try known.id.rawValue == record.themeID
                ? known : self.theme(ThemeID(record.themeID), of: player)
        case .unknown: theme = try self.theme(ThemeID(record.themeID), of: player)
        }
        // NB: a row whose theme is gone is still there, so a save must find it as it was.
        guard let theme else { return (nil, version) }
        let game = try readOrSetAside(from: "memorize_game", key: key) {
            try record.savedGame(slot: slot, theme: theme)
        }
        return (game, game == nil ? .absent : version)
    }

    /// The theme read with a game's row, as ``theme(_:of:)`` would answer (nil when it cannot
    /// be read: it is set aside).
    private func foundTheme(_ found: FoundThemeRow) throws -> SavedTheme? {
        guard
            let record = try readOrSetAside(
                from: "theme", key: ["id": .integer(found.id)], { try found.record.get() })
        else { return nil }
        return try readable([record]).first
    }

    /// Saves `game` in its slot, replacing what was there, unless someone changed it since
    /// `version` was read, with `rows` that go with it (see
    /// ``saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``).
    /// - Throws: ``ChangedMeanwhile`` when the slot's game had changed, so nothing was saved.
    /// On PostgreSQL the game is saved only while `preferences`, when given, are still the
    /// player's (see ``MemorizePreferences/stillThePreferences(of:)``), and `desk`, when given, is
    /// kept as what the next move of the slot may start from (see ``SavedRows``).
    func save(
        _ game: SavedMemorizeGame, for player: PlayerID, at now: Date, unlessChangedSince version: RowVersion,
        with rows: [AddedRow], whilePreferencesAre preferences: MemorizePreferences? = nil,
        remembering desk: MemorizeDesk? = nil
    ) throws {
        let row = try MemorizeGameRecord(game, player: player, at: now).row()
        try saveUnlessChanged(
            row, key: ["player_id", "slot"], since: version, storing: [player], at: now, with: rows,
            while: preferences?.stillThePreferences(of: player), remembering: desk)
    }

    /// Moves the player's games dealt from theme `old` over to theme `new` (their copy of a
    /// built-in theme), the game in `old`'s slot into `new`'s slot.
    func moveMemorizeGames(of player: PlayerID, from old: ThemeID, to new: ThemeID) throws {
        try execute(
            """
            UPDATE memorize_game
            SET theme_id = \(new.rawValue),
                slot = CASE slot WHEN \(MemorizeSlot.theme(old).storageKey) THEN \(MemorizeSlot.theme(new).storageKey)
                    ELSE slot END
            WHERE player_id = \(player.rawValue) AND theme_id = \(old.rawValue)
            """)
    }

    /// Throws away every game dealt from a theme (it was edited or deleted).
    func deleteMemorizeGames(dealtFrom theme: ThemeID) throws {
        try execute("DELETE FROM memorize_game WHERE theme_id = \(theme.rawValue)")
    }

    /// The player's Memorize preferences; the defaults when they never set any, or when their row
    /// could not be read (it is moved to the quarantine).
    func memorizePreferences(of player: PlayerID) throws -> MemorizePreferences {
        let found = try firstRow(
            "SELECT peeks_at_start, turn_back_after_ms FROM memorize_preferences WHERE player_id = \(player.rawValue)"
        ) { row in Result<MemorizePreferences, any Error> { try MemorizePreferences(row) } }
        return try memorizePreferences(found, of: player)
    }

    /// The preferences of a row read (the defaults when there was none, or it could not be read).
    private func memorizePreferences(_ found: Result<MemorizePreferences, any Error>?, of player: PlayerID)
        throws -> MemorizePreferences
    {
        guard let found else { return MemorizePreferences() }
        return try readOrSetAside(from: "memorize_preferences", key: ["player_id": .text(player.rawValue)]) {
            try found.get()
        } ?? MemorizePreferences()
    }
}

/// A Memorize game row as read, before its theme is looked up: its columns and version, or why
/// they could not be read.
private typealias MemorizeGameRow = Result<(record: MemorizeGameRecord, version: RowVersion), any Error>

extension MemorizePreferences {
    /// The preferences a row's `peeks_at_start` and `turn_back_after_ms` hold.
    init(_ row: any DatabaseRow) throws {
        try self.init(peeksAtStart: row("peeks_at_start"), storedDelay: row("turn_back_after_ms"))
    }

    /// A condition that holds while these are `player`'s preferences: their row holds them, or
    /// they have no row and these are the defaults.
    func stillThePreferences(of player: PlayerID) -> SQL {
        let delay = Int64(turnBackDelay?.rawValue ?? -1)
        let same: SQL =
            "peeks_at_start = \(peeksAtStart) AND coalesce(turn_back_after_ms, -1) = \(delay)"
        return self == MemorizePreferences()
            ? """
            NOT EXISTS (SELECT 1 FROM memorize_preferences WHERE player_id = \(player.rawValue) AND NOT (\(same)))
            """
            : "EXISTS (SELECT 1 FROM memorize_preferences WHERE player_id = \(player.rawValue) AND \(same))"
    }

    /// The row that keeps these preferences of `player`'s, replacing the one there.
    func row(for player: PlayerID, at now: Date) -> AddedRow {
        AddedRow(
            table: "memorize_preferences",
            values: [
                ("player_id", .text(player.rawValue)), ("peeks_at_start", .bool(peeksAtStart)),
                ("turn_back_after_ms", turnBackDelay.map { .integer(Int64($0.rawValue)) } ?? .null),
                ("updated_at", .date(now)),
            ],
            onConflict: """
                 ON CONFLICT (player_id) DO UPDATE SET
                    peeks_at_start = excluded.peeks_at_start, turn_back_after_ms = excluded.turn_back_after_ms,
                    updated_at = excluded.updated_at
                """)
    }
}

/// A stored delay that is not one of ``TurnBackDelay``'s choices.
struct UnknownTurnBackDelay: Error, CustomStringConvertible {
    let milliseconds: Int
    var description: String { "turn_back_after_ms \(milliseconds) is not one of the choices" }
}

extension MemorizePreferences {
    /// Preferences as both databases keep them: the delay in milliseconds, nil for the next tap.
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

/// Where a game read from its slot finds its theme.
/// How a Memorize move's statement finds the theme it reads with the game.
private enum MemorizeThemeLookup {
    /// The random slot's: the theme its game was dealt from.
    case dealtFrom
    /// A theme's slot: the theme that answers to the id asked for, whose row's id names the slot.
    case slotOf(ThemeID)
}

private enum GameTheme {
    /// The slot's theme, which the caller read: the game's own when the game was dealt from it.
    case slots(SavedTheme)
    /// Read with the game, as ``DatabaseTransaction/theme(_:of:)`` would (nil: gone, or set aside).
    case readWithTheGame(SavedTheme?)
    /// Not read yet.
    case unknown
}

/// A game's theme, read with its row: the theme row's id, and its columns read as a record.
private struct FoundThemeRow {
    let id: Int64
    let record: Result<ThemeRecord, any Error>

    init(_ row: any DatabaseRow, prefix: String) throws {
        let columns = PrefixedRow(row, prefix: prefix)
        id = try columns("id")
        record = Result { try ThemeRecord(columns) }
    }
}

extension SavedRows.Key {
    /// The row of `player`'s Memorize game in `slot`, as its save names it.
    static func memorizeGame(of player: PlayerID, in slot: MemorizeSlot) -> Self {
        Self(table: "memorize_game", values: [.text(player.rawValue), .text(slot.storageKey)])
    }
}
