import CardTableBasics
import CardTableStorage
import Foundation

/// A player's Set game as a database found it.
enum StoredSetGame: Equatable, Sendable {
    /// The player has no game yet.
    case none
    case saved(SavedSetGame)
    /// The game's row could not be read and was moved to the quarantine just now; what could
    /// still be read of it: the player's color-blind setting and the table's move count (false
    /// and 0 when they could not be read either).
    case setAside(colorBlind: Bool, version: Int)

    /// The saved game, if one could be read.
    var saved: SavedSetGame? {
        if case .saved(let saved) = self { saved } else { nil }
    }
}

/// Where each player's Set game is kept. A change is one move (see ``CardTableDatabase/move(_:)``):
/// it is saved only if no other change of the player's game was saved since it read it,
/// whichever instance took it, and runs again otherwise.
extension CardTableDatabase {
    /// The player's game as stored: none, the saved game, or what could be read of a row that
    /// could not (it is moved to the quarantine).
    func storedSetGame(for player: PlayerID) async throws -> StoredSetGame {
        try await read { try $0.setGame(for: player) }
    }

    /// Reads the player's game, lets `change` decide what to save (nil: nothing) and saves it,
    /// all or nothing, unless the game changed meanwhile (then `change` runs again on the game
    /// as it is now); nothing is saved when `change` throws. A game the change finishes joins
    /// the player's history in the same save.
    /// - Returns: What `change` answered besides.
    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (StoredSetGame) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await move { transaction in
            let start = try transaction.setGameForMove(for: player)
            let save: SavedSetGame?
            let value: Value
            do {
                (save, value) = try change(start.value)
            } catch {
                try transaction.endWithoutSaving(from: start)
                throw error
            }
            guard let save else {
                try transaction.endWithoutSaving(from: start)
                return value
            }
            let finished = FinishedGame(finishing: start.value.saved, as: save, at: now)
            try transaction.save(
                save, for: player, at: now, unlessChangedSince: start.version, finishing: finished)
            return value
        }
    }
}

extension DatabaseTransaction {
    /// The player's Set game: none yet, the saved one, or, when its row could not be read (it is
    /// moved to the quarantine, so the referee deals afresh), what could still be read of it.
    func setGame(for player: PlayerID) throws -> StoredSetGame {
        try setGameAndVersion(for: player).game
    }

    /// The player's Set game as a move starts from it: in one that keeps ``savedRows``
    /// (PostgreSQL's, outside a transaction block), as this instance last saved it, unread (the
    /// move's save finds out whether anyone changed it since); else ``setGameAndVersion(for:)``.
    func setGameForMove(for player: PlayerID) throws -> MoveStart<StoredSetGame> {
        if let remembered = remembered(.setGame(of: player), as: StoredSetGame.self) { return remembered }
        let (game, version) = try setGameAndVersion(for: player)
        return MoveStart(read: game, version: version, key: .setGame(of: player))
    }

    /// ``setGame(for:)``, with the version of its row (see ``RowVersion``).
    func setGameAndVersion(for player: PlayerID) throws -> (game: StoredSetGame, version: RowVersion) {
        let found = try firstRow(
            "SELECT *, \(RowVersion.column(of: "set_game")) FROM set_game WHERE player_id = \(player.rawValue)"
        ) { row -> Result<(SavedSetGame, RowVersion), UnreadableSetGame> in
            do {
                return .success((try SetGameRecord(row).savedGame(), try RowVersion(row)))
            } catch {
                // NB: what could still be read of it is read only now, off the path of every move.
                let colorBlind = try? row("color_blind") as Bool
                let version = try? row("version") as Int
                return .failure(
                    UnreadableSetGame(error: error, colorBlind: colorBlind ?? false, version: version ?? 0))
            }
        }
        switch found {
        case nil:
            return (.none, .absent)
        case .success(let (saved, version))?:
            return (.saved(saved), version)
        case .failure(let unreadable)?:
            try setAside(
                from: "set_game", key: ["player_id": .text(player.rawValue)], because: unreadable.error)
            return (.setAside(colorBlind: unreadable.colorBlind, version: unreadable.version), .absent)
        }
    }

    /// Saves the player's Set game, replacing what was there, unless someone changed it since
    /// `version` was read, with `finished` in the player's history when it finishes a game (see
    /// ``saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``).
    /// - Throws: ``ChangedMeanwhile`` when the game had changed, so nothing was saved.
    func save(
        _ saved: SavedSetGame, for player: PlayerID, at now: Date, unlessChangedSince version: RowVersion,
        finishing finished: FinishedGame?
    ) throws {
        let row = try SetGameRecord(saved, player: player, at: now).row()
        try saveUnlessChanged(
            row, key: ["player_id"], since: version, storing: [player], at: now,
            with: try finished.map { [try $0.row(for: player)] } ?? [],
            remembering: StoredSetGame.saved(saved))
    }
}

extension SavedRows.Key {
    /// The row of `player`'s Set game, as its save names it.
    static func setGame(of player: PlayerID) -> Self {
        Self(table: "set_game", values: [.text(player.rawValue)])
    }
}

/// A Set game row that could not be read: why, and what could still be read of it.
private struct UnreadableSetGame: Error {
    let error: any Error
    let colorBlind: Bool
    let version: Int
}
