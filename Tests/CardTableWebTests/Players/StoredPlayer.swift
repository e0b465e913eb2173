import Foundation

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

extension SQLiteDatabase {
    /// Stores `player` as their first move would; tests that write rows themselves need it.
    func storePlayer(_ player: PlayerID, at now: Date) async throws {
        try await write { try $0.storePlayer(player, at: now) }
    }
}
