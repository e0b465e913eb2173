import Foundation
import GRDB
import SetCore

extension CardTableStore {
    /// Deals a Set game when a player needs one, given the game being replaced (if any).
    public typealias SetDealer = @Sendable (_ replacing: SavedSetGame?) throws -> SavedSetGame

    /// What ``playSetGame(for:at:startNew:dealer:play:)`` did.
    public struct SetGamePlay: Sendable {
        /// The game as saved afterwards.
        public var saved: SavedSetGame
        /// Whether a new game was dealt.
        public var dealt: Bool
    }

    // MARK: - Set games

    /// The player's Set game, without dealing one.
    public func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await dbWriter.read { db in
            try SetGameRecord.fetchOne(db, key: player.rawValue)?.savedGame()
        }
    }

    /// Runs one move on a player's Set game in a single transaction: loads the game (dealing one
    /// with `dealer` when there is none, or when `startNew` asks for a new one), lets `play`
    /// change it, and saves it before returning when anything changed.
    public func playSetGame(
        for player: PlayerID, at now: Date, startNew: Bool = false,
        dealer: @escaping SetDealer,
        play: @escaping @Sendable (inout SavedSetGame) throws -> Void
    ) async throws -> SetGamePlay {
        try await dbWriter.write { db in
            let stored = try SetGameRecord.fetchOne(db, key: player.rawValue)
            var saved: SavedSetGame
            let dealt: Bool
            if let stored, !startNew {
                saved = try stored.savedGame()
                dealt = false
            } else {
                saved = try dealer(try stored?.savedGame())
                dealt = true
            }
            try play(&saved)
            let record = try SetGameRecord(saved, player: player, at: now)
            if dealt || stored.map({ !$0.hasSameContent(as: record) }) ?? true {
                try record.save(db)
            }
            return SetGamePlay(saved: saved, dealt: dealt)
        }
    }
}

extension SetGameRecord {
    /// Whether two rows hold the same game, moves and setting (whenever they were saved).
    fileprivate func hasSameContent(as other: SetGameRecord) -> Bool {
        (state, lastMove, timeout, colorBlind, version)
            == (other.state, other.lastMove, other.timeout, other.colorBlind, other.version)
    }
}
