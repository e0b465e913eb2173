import Foundation

/// Where each player's Set game is kept: the SQLite store, or PostgreSQL. A change runs in one
/// transaction, after every earlier change of the same player's game has committed, whichever
/// instance took it.
protocol SetGameStore: Sendable {
    /// The player's saved game; nil when they have none (or its row could not be read: it is
    /// then moved to the quarantine).
    func setGame(for player: PlayerID) async throws -> SavedSetGame?

    /// Reads the player's game, lets `change` decide what to save (nil: nothing) and saves it,
    /// all in one transaction; nothing is saved when `change` throws. A game the change finishes
    /// joins the player's history in the same transaction.
    /// - Returns: What `change` answered besides.
    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (SavedSetGame?) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value
}

extension CardTableStore: SetGameStore {
    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (SavedSetGame?) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await write { transaction in
            let stored = try transaction.setGame(for: player)
            let (save, value) = try change(stored)
            if let save { try transaction.save(save, for: player, at: now) }
            if let finished = FinishedGame(finishing: stored, as: save, at: now) {
                try transaction.record(finished, for: player)
            }
            return value
        }
    }
}
