import Foundation

/// A player's Set game as a store found it.
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

/// Where each player's Set game is kept: the SQLite store, or PostgreSQL. A change runs in one
/// transaction, after every earlier change of the same player's game has committed, whichever
/// instance took it.
protocol SetGameStore: Sendable {
    /// The player's game as stored: none, the saved game, or what could be read of a row that
    /// could not (it is moved to the quarantine).
    func storedSetGame(for player: PlayerID) async throws -> StoredSetGame

    /// Reads the player's game, lets `change` decide what to save (nil: nothing) and saves it,
    /// all in one transaction; nothing is saved when `change` throws. A game the change finishes
    /// joins the player's history in the same transaction.
    /// - Returns: What `change` answered besides.
    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (StoredSetGame) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value
}

extension SetGameStore {
    /// The player's saved game; nil when they have none, or its row could not be read (it is
    /// moved to the quarantine).
    func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await storedSetGame(for: player).saved
    }
}

extension CardTableStore: SetGameStore {
    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (StoredSetGame) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await write { transaction in
            let stored = try transaction.setGame(for: player)
            let (save, value) = try change(stored)
            if let save { try transaction.save(save, for: player, at: now) }
            if let finished = FinishedGame(finishing: stored.saved, as: save, at: now) {
                try transaction.record(finished, for: player)
            }
            return value
        }
    }
}
