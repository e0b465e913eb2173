import Foundation
import GRDB
import SetCore

extension CardTableStore {
    /// Deals a Set game when a player needs one, given the game being replaced (if any).
    public typealias SetDealer = @Sendable (_ replacing: SavedSetGame?) throws -> SavedSetGame

    /// What ``playSetGame(for:at:startNew:dealer:play:)`` did.
    public struct SetGamePlay<Result: Sendable>: Sendable {
        /// The game as saved afterwards.
        public var game: SavedSetGame
        /// What `play` returned.
        public var result: Result
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
    public func playSetGame<Result: Sendable>(
        for player: PlayerID, at now: Date, startNew: Bool = false,
        dealer: @escaping SetDealer,
        play: @escaping @Sendable (inout SavedSetGame) throws -> Result
    ) async throws -> SetGamePlay<Result> {
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
            let result = try play(&saved)
            let record = try SetGameRecord(saved, player: player, at: now)
            if dealt || stored.map({ !$0.hasSameContent(as: record) }) ?? true {
                try record.save(db)
            }
            return SetGamePlay(game: saved, result: result, dealt: dealt)
        }
    }

    // MARK: - Schema

    /// Migration "v2-set-games": one Set game per player, with the player's color-blind setting.
    static func createSetGames(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE set_game (
                    player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    state TEXT NOT NULL,
                    last_move TEXT,
                    color_blind INTEGER NOT NULL DEFAULT 0 CHECK (color_blind IN (0, 1)),
                    updated_at DATETIME NOT NULL
                );
                """)
    }
}

extension SetGameRecord {
    /// Whether two rows hold the same game, move and setting (whenever they were saved).
    fileprivate func hasSameContent(as other: SetGameRecord) -> Bool {
        (state, lastMove, colorBlind) == (other.state, other.lastMove, other.colorBlind)
    }
}
