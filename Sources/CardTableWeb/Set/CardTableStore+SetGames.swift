import Foundation
import GRDB
import SetCore

extension CardTableStore.Transaction {
    /// The player's Set game; `nil` when they have none yet.
    func setGame(for player: PlayerID) throws -> SavedSetGame? {
        try SetGameRecord.fetchOne(db, key: player.rawValue)?.savedGame()
    }

    /// Saves the player's Set game, replacing what was there.
    func save(_ saved: SavedSetGame, for player: PlayerID, at now: Date) throws {
        try SetGameRecord(saved, player: player, at: now).save(db)
    }
}

extension CardTableStore {
    /// The player's Set game, without dealing one.
    public func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await read { try $0.setGame(for: player) }
    }
}
