import CardTableBasics
import CardTableHTTP
import Foundation

/// `base`, with each read of a Set game timed as a read and each change as a move: the database's
/// own methods are one transaction each (see ``SetGameStore``).
struct MeasuredSetGames: SetGameStore {
    let base: any SetGameStore
    let reads: TransactionMeters
    let moves: TransactionMeters

    init(_ base: any SetGameStore, metrics: ServerMetrics) {
        self.base = base
        (reads, moves) = (metrics.transactions("read"), metrics.transactions("move"))
    }

    func storedSetGame(for player: PlayerID) async throws -> StoredSetGame {
        try await reads.measure { try await base.storedSetGame(for: player) }
    }

    func changeSetGame<Value: Sendable>(
        for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (StoredSetGame) throws -> (save: SavedSetGame?, value: Value)
    ) async throws -> Value {
        try await moves.measure { try await base.changeSetGame(for: player, at: now, change) }
    }
}

extension ServedDatabase {
    /// The same database, with every transaction of the features (Set games' too) timed into
    /// `metrics`.
    func measured(by metrics: ServerMetrics) -> ServedDatabase {
        ServedDatabase(
            database: database.measured(by: metrics), setGames: MeasuredSetGames(setGames, metrics: metrics),
            secret: secret, hub: hub, readiness: readiness, services: services, prepare: prepare)
    }
}
