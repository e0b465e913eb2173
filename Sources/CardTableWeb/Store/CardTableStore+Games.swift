import Foundation
import GRDB
import MemorizeCore

extension CardTableStore {
    /// Deals a game when a slot needs one: given the themes the slot may use (one theme, or all
    /// of them for the random slot) and the game being replaced, picks a theme and deals from it.
    public typealias Dealer =
        @Sendable (_ themes: [SavedTheme], _ replacing: SavedGame?) -> (SavedTheme, MemoryGame<String>)?

    /// What ``playGame(in:for:at:startNew:dealer:play:)`` did.
    public struct GamePlay<Result: Sendable>: Sendable {
        /// The game as saved afterwards.
        public var game: SavedGame
        /// What `play` returned.
        public var result: Result
        /// Whether a new game was dealt.
        public var dealt: Bool
    }

    // MARK: - Games

    /// The game stored in `slot`, without dealing one.
    public func game(in slot: GameSlot, for player: PlayerID) async throws -> SavedGame? {
        try await dbWriter.read { db in try Self.loadGame(in: slot, for: player, in: db) }
    }

    /// Runs one move on a player's game in a single transaction: loads the game in `slot`
    /// (dealing one with `dealer` when there is none, or when `startNew` asks for a new game),
    /// lets `play` change it, and saves it before returning.
    ///
    /// - Returns: `nil` when the slot's theme does not exist (or the player has no themes).
    public func playGame<Result: Sendable>(
        in slot: GameSlot, for player: PlayerID, at now: Date, startNew: Bool = false,
        dealer: @escaping Dealer,
        play: @escaping @Sendable (inout SavedGame) throws -> Result
    ) async throws -> GamePlay<Result>? {
        try await dbWriter.write { db in
            let themes: [SavedTheme]
            switch slot {
            case .theme(let id):
                themes = try Self.themeRow(id, of: player, in: db).map { [try $0.savedTheme()] } ?? []
            case .random:
                themes = try Self.themeRows(of: player).fetchAll(db).map { try $0.savedTheme() }
            }
            guard !themes.isEmpty else { return nil }

            let stored = try Self.loadGame(in: slot, for: player, in: db)
            var game: SavedGame
            let dealt: Bool
            if let stored, !startNew {
                game = stored
                dealt = false
            } else {
                guard let (theme, newGame) = dealer(themes, stored) else { return nil }
                game = SavedGame(slot: slot, theme: theme, game: newGame)
                dealt = true
            }
            let before = (game.game, game.lastChoice)
            let result = try play(&game)
            if dealt || before != (game.game, game.lastChoice) {
                try GameRecord(game, player: player, at: now).save(db)
            }
            return GamePlay(game: game, result: result, dealt: dealt)
        }
    }

    // MARK: - Helpers

    private static func loadGame(in slot: GameSlot, for player: PlayerID, in db: Database) throws
        -> SavedGame?
    {
        guard
            let record = try GameRecord.filter(GameRecord.Columns.playerID == player.rawValue)
                .filter(GameRecord.Columns.slot == slot.storageKey)
                .fetchOne(db),
            let theme = try themeRow(ThemeID(record.themeID), of: player, in: db)
        else { return nil }
        return try record.savedGame(slot: slot, theme: try theme.savedTheme())
    }
}
