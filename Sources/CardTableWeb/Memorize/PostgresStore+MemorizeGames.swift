import Foundation
import PostgresNIO

/// Memorize games and preferences in PostgreSQL: a change locks the player's row first, so one
/// player's taps from any number of instances run one after another, each reading the themes
/// and the game its predecessor left.
extension PostgresStore: MemorizeGameStore {
    func memorizeDesk(in slot: MemorizeSlot, for player: PlayerID, dealing: Bool) async throws -> MemorizeDesk
    {
        try await transaction { connection in
            try await memorizeDesk(in: slot, for: player, dealing: dealing, on: connection)
        }
    }

    func changeMemorizeGame<Value: Sendable>(
        in slot: MemorizeSlot, for player: PlayerID, dealing: Bool, at now: Date,
        _ change: @escaping @Sendable (MemorizeDesk) throws -> (save: MemorizeSaving, value: Value)
    ) async throws -> Value {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            let desk = try await memorizeDesk(in: slot, for: player, dealing: dealing, on: connection)
            let (save, value) = try change(desk)
            if let preferences = save.preferences {
                try await self.save(preferences, for: player, at: now, on: connection)
            }
            if let game = save.game { try await self.save(game, for: player, at: now, on: connection) }
            if let finished = FinishedGame(finishing: desk.stored, as: save.game, at: now) {
                try await record(finished, for: player, on: connection)
            }
            return value
        }
    }

    func memorizeGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> SavedMemorizeGame? {
        try await transaction { connection in
            try await storedMemorizeGame(in: slot, for: player, theme: nil, on: connection).game
        }
    }

    // MARK: - In a transaction

    /// What a request for `slot` starts from (see ``MemorizeDesk``).
    private func memorizeDesk(
        in slot: MemorizeSlot, for player: PlayerID, dealing: Bool, on connection: PostgresConnection
    ) async throws -> MemorizeDesk {
        let preferences = try await memorizePreferences(of: player, on: connection)
        guard case .theme(let id) = slot else {
            let (stored, setAside) = try await storedMemorizeGame(
                in: .random, for: player, theme: nil, on: connection)
            let themes = dealing || stored == nil ? try await themes(of: player, on: connection).themes : []
            return MemorizeDesk(
                slot: .random, theme: nil, preferences: preferences, stored: stored,
                gameWasSetAside: setAside,
                themesToDeal: themes)
        }
        guard let theme = try await theme(id, of: player, on: connection) else {
            return MemorizeDesk(
                slot: slot, theme: nil, preferences: preferences, stored: nil, themesToDeal: [])
        }
        let resolved = MemorizeSlot.theme(theme.id)
        let (stored, setAside) = try await storedMemorizeGame(
            in: resolved, for: player, theme: theme, on: connection)
        return MemorizeDesk(
            slot: resolved, theme: theme, preferences: preferences, stored: stored, gameWasSetAside: setAside,
            themesToDeal: [theme])
    }

    /// The game stored in `slot`; nil when there is none, its theme is gone, or its row could not
    /// be read (it is moved to the quarantine, so the referee deals afresh: `setAside` is then
    /// true).
    /// - Parameter known: The slot's theme when the caller has loaded it already.
    private func storedMemorizeGame(
        in slot: MemorizeSlot, for player: PlayerID, theme known: SavedTheme?,
        on connection: PostgresConnection
    ) async throws -> (game: SavedMemorizeGame?, setAside: Bool) {
        let rows = try await connection.query(
            """
            SELECT theme_id, state, last_choice, updated_at, deal FROM memorize_game
            WHERE player_id = \(player.rawValue) AND slot = \(slot.storageKey)
            """, logger: logger)
        var found: MemorizeGameRecord?
        for try await (themeID, state, lastChoice, updatedAt, deal) in rows.decode(
            (Int64, String, String?, Date, Int64).self)
        {
            found = MemorizeGameRecord(
                playerID: player.rawValue, slot: slot.storageKey, themeID: themeID, state: state,
                lastChoice: lastChoice, updatedAt: updatedAt, deal: deal)
        }
        guard let record = found else { return (nil, false) }
        let theme =
            known?.id.rawValue == record.themeID
            ? known : try await self.theme(ThemeID(record.themeID), of: player, on: connection)
        guard let theme else { return (nil, false) }
        do {
            return (try record.savedGame(slot: slot, theme: theme), false)
        } catch {
            try await setAside(
                from: "memorize_game",
                key: ["player_id": .text(player.rawValue), "slot": .text(slot.storageKey)],
                because: error, on: connection)
            return (nil, true)
        }
    }

    /// Saves `game` in its slot, replacing what was there.
    private func save(
        _ game: SavedMemorizeGame, for player: PlayerID, at now: Date, on connection: PostgresConnection
    )
        async throws
    {
        let record = try MemorizeGameRecord(game, player: player, at: now)
        try await connection.query(
            """
            INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at, deal)
            VALUES (\(record.playerID), \(record.slot), \(record.themeID), \(record.state), \(record.lastChoice),
                \(record.updatedAt), \(record.deal))
            ON CONFLICT (player_id, slot) DO UPDATE SET
                theme_id = excluded.theme_id, state = excluded.state, last_choice = excluded.last_choice,
                updated_at = excluded.updated_at, deal = excluded.deal
            """, logger: logger)
    }

    /// The player's preferences; the defaults when they never set any, or when their row could
    /// not be read (it is moved to the quarantine).
    private func memorizePreferences(of player: PlayerID, on connection: PostgresConnection) async throws
        -> MemorizePreferences
    {
        let rows = try await connection.query(
            "SELECT peeks_at_start, turn_back_after_ms FROM memorize_preferences WHERE player_id = \(player.rawValue)",
            logger: logger)
        var stored: (peeks: Bool, delay: Int?)?
        for try await (peeks, delay) in rows.decode((Bool, Int?).self) { stored = (peeks, delay) }
        guard let stored else { return MemorizePreferences() }
        do {
            return try MemorizePreferences(peeksAtStart: stored.peeks, storedDelay: stored.delay)
        } catch {
            try await setAside(
                from: "memorize_preferences", key: ["player_id": .text(player.rawValue)], because: error,
                on: connection)
            return MemorizePreferences()
        }
    }

    private func save(
        _ preferences: MemorizePreferences, for player: PlayerID, at now: Date,
        on connection: PostgresConnection
    ) async throws {
        try await connection.query(
            """
            INSERT INTO memorize_preferences (player_id, peeks_at_start, turn_back_after_ms, updated_at)
            VALUES (\(player.rawValue), \(preferences.peeksAtStart), \(preferences.turnBackDelay?.rawValue), \(now))
            ON CONFLICT (player_id) DO UPDATE SET
                peeks_at_start = excluded.peeks_at_start, turn_back_after_ms = excluded.turn_back_after_ms,
                updated_at = excluded.updated_at
            """, logger: logger)
    }

    /// Moves the player's games dealt from theme `old` over to theme `new` (their copy of a
    /// built-in theme), the game in `old`'s slot into `new`'s slot.
    func moveMemorizeGames(
        of player: PlayerID, from old: ThemeID, to new: ThemeID, on connection: PostgresConnection
    )
        async throws
    {
        try await connection.query(
            """
            UPDATE memorize_game
            SET theme_id = \(new.rawValue),
                slot = CASE slot WHEN \(MemorizeSlot.theme(old).storageKey) THEN \(MemorizeSlot.theme(new).storageKey)
                    ELSE slot END
            WHERE player_id = \(player.rawValue) AND theme_id = \(old.rawValue)
            """, logger: logger)
    }

    /// Throws away every game dealt from a theme (it was edited or deleted).
    func deleteMemorizeGames(dealtFrom theme: ThemeID, on connection: PostgresConnection) async throws {
        try await connection.query(
            "DELETE FROM memorize_game WHERE theme_id = \(theme.rawValue)", logger: logger)
    }
}
