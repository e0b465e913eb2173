import Foundation
import GRDB

extension CardTableStore {
    // MARK: - Players

    /// Makes sure `player` exists; a new player gets their own copies of `starterThemes`.
    /// - Returns: `true` when the player was new.
    @discardableResult
    public func preparePlayer(_ player: PlayerID, at now: Date) async throws -> Bool {
        if try await dbWriter.read({ db in try PlayerRecord.exists(db, key: player.rawValue) }) {
            return false
        }
        return try await dbWriter.write { db in
            // NB: checked again inside the transaction: two first requests may race here.
            guard try !PlayerRecord.exists(db, key: player.rawValue) else { return false }
            try PlayerRecord(id: player.rawValue, createdAt: now).insert(db)
            try Self.insertStarterThemes(for: player, in: db)
            return true
        }
    }
}
