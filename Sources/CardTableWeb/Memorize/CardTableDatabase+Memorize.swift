import CardTableBasics
import CardTableStorage
import Foundation

/// What a Memorize request starts from, read in its transaction: the slot as stored, its theme,
/// the player's preferences, the stored game, and the themes a new game may be dealt from.
struct MemorizeDesk: Sendable {
    /// The slot as stored: a built-in theme's id stands for the player's copy of it.
    var slot: MemorizeSlot
    /// The slot's theme; nil for the random slot, and for a theme the player does not have.
    var theme: SavedTheme?
    var preferences: MemorizePreferences
    /// The game stored in the slot; nil before its first deal is played, and when it could not
    /// be read.
    var stored: SavedMemorizeGame?
    /// The version of the stored game's row, which a save checks is still so.
    var storedVersion = RowVersion.absent
    /// Whether the slot's game could not be read and was moved to the quarantine just now.
    var gameWasSetAside = false
    /// The themes a deal may come from (the slot's theme, or all the player's for the random
    /// slot); read only when the request deals, or when the slot has no stored game.
    var themesToDeal: [SavedTheme]

    /// Whether the slot names a theme the player does not have.
    var isMissingItsTheme: Bool {
        if case .theme = slot { theme == nil } else { false }
    }
}

/// What a Memorize request saves: preferences to remember, a game to keep in the slot, or both.
struct MemorizeSaving: Sendable {
    var preferences: MemorizePreferences?
    var game: SavedMemorizeGame?

    static let nothing = MemorizeSaving()
}

/// Each player's Memorize games and preferences. A change of a slot's game is one move (see
/// ``CardTableDatabase/move(_:)``): it is saved only if no other change of that game was saved
/// since it read it, whichever instance took it, and runs again otherwise.
extension CardTableDatabase {
    /// What the request for `slot` starts from, without changing anything.
    /// - Parameter dealing: Whether the themes to deal from are needed even when a game is stored.
    func memorizeDesk(in slot: MemorizeSlot, for player: PlayerID, dealing: Bool) async throws -> MemorizeDesk
    {
        try await read { try $0.memorizeDesk(in: slot, for: player, dealing: dealing) }
    }

    /// Reads the desk, lets `change` decide what to save at the moment `clock` gives, and saves
    /// it as one move (see ``CardTableDatabase/move(_:)``): the game is saved only if no other
    /// change of it was saved since it was read, else the move runs again; nothing is saved when
    /// `change` throws. A game the change finishes joins the player's history in the same save.
    ///
    /// The clock is read as each run of the move starts, so one player's changes are timed in
    /// the order they are saved: of two taps at once, the one saved second read the game after
    /// the first was saved, and the clock after that.
    /// - Returns: What `change` answered besides.
    func changeMemorizeGame<Value: Sendable>(
        in slot: MemorizeSlot, for player: PlayerID, dealing: Bool, clock: @escaping @Sendable () -> Date,
        _ change: @escaping @Sendable (MemorizeDesk, Date) throws -> (save: MemorizeSaving, value: Value)
    ) async throws -> Value {
        try await move { transaction in
            let start = try transaction.memorizeDeskForMove(in: slot, for: player, dealing: dealing)
            let desk = start.value
            let now = clock()
            let (save, value): (MemorizeSaving, Value)
            do {
                (save, value) = try change(desk, now)
            } catch {
                try transaction.endWithoutSaving(from: start)
                throw error
            }
            let preferences = save.preferences.map { $0.row(for: player, at: now) }
            guard let game = save.game else {
                try transaction.endWithoutSaving(from: start)
                if let preferences { try transaction.insert(preferences, storing: player, at: now) }
                return value
            }
            let finished = try FinishedGame(finishing: desk.stored, as: game, at: now).map {
                try $0.row(for: player)
            }
            // NB: the desk as a read after this save would find it, but for the themes to deal
            // from, which a move that deals reads afresh (and the random slot reads only then).
            var next = desk
            (next.stored, next.preferences, next.gameWasSetAside) = (
                game, save.preferences ?? desk.preferences, false
            )
            next.storedVersion = .absent
            if case .random = next.slot { next.themesToDeal = [] }
            // NB: kept only when the save changed in place the game the move started from. A new
            // deal (or a first one) is saved without checking its theme, which a theme's edit or
            // delete, or a copy of a built-in, could have changed since it was read.
            let keeps =
                next.slot == slot && start.version.text != nil && desk.stored?.deal == game.deal
                && desk.stored?.theme.id == game.theme.id
            try transaction.save(
                game, for: player, at: now, unlessChangedSince: start.version,
                with: [preferences, finished].compactMap { $0 }, whilePreferencesAre: desk.preferences,
                remembering: keeps ? next : nil)
            return value
        }
    }

    /// The game stored in `slot`, without dealing one.
    func memorizeGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> SavedMemorizeGame? {
        try await read { try $0.memorizeGame(in: slot, for: player) }
    }
}

extension DatabaseTransaction {
    /// What a move in `slot` starts from: in one that keeps ``savedRows`` (PostgreSQL's, outside
    /// a transaction block) and does not deal, the desk as this instance's last move in the slot
    /// left it, unread; else ``memorizeDesk(in:for:dealing:)``. The save finds out whether the
    /// game changed since, and whether the preferences did; the theme cannot change under a game
    /// (editing or deleting a theme deletes its games, and copying a built-in moves them).
    func memorizeDeskForMove(in slot: MemorizeSlot, for player: PlayerID, dealing: Bool) throws
        -> MoveStart<MemorizeDesk>
    {
        if !dealing, let remembered = remembered(.memorizeGame(of: player, in: slot), as: MemorizeDesk.self) {
            return remembered
        }
        let desk = try memorizeDesk(in: slot, for: player, dealing: dealing)
        return MoveStart(
            read: desk, version: desk.storedVersion, key: .memorizeGame(of: player, in: desk.slot))
    }

    /// What a request for `slot` starts from (see ``MemorizeDesk``).
    func memorizeDesk(in slot: MemorizeSlot, for player: PlayerID, dealing: Bool) throws -> MemorizeDesk {
        guard case .theme(let id) = slot else {
            let read = try memorizeRandomGameAndPreferences(for: player)
            let themes = dealing || read.game == nil ? try themes(of: player) : []
            return MemorizeDesk(
                slot: .random, theme: nil, preferences: read.preferences, stored: read.game,
                storedVersion: read.version, gameWasSetAside: setAsideCount(in: "memorize_game") > 0,
                themesToDeal: themes)
        }
        let read = try memorizeThemeGameAndPreferences(answeringTo: id, for: player)
        guard let theme = read.theme else {
            return MemorizeDesk(
                slot: slot, theme: nil, preferences: read.preferences, stored: nil, themesToDeal: [])
        }
        return MemorizeDesk(
            slot: .theme(theme.id), theme: theme, preferences: read.preferences, stored: read.game,
            storedVersion: read.version, gameWasSetAside: setAsideCount(in: "memorize_game") > 0,
            themesToDeal: [theme])
    }
}
