import CardTableBasics
import CardTableStorage
import Foundation
import SetCore

/// A row of the `set_game` table: one player's Set game as the engine's JSON, what the last
/// move did (and any claim that ran out before it), and the player's color-blind setting. Each
/// property is the column of its name (see ``StoredRecord``).
struct SetGameRecord: StoredRecord {
    static let table = "set_game"

    var playerID: String
    var state: String
    var lastMove: String?
    var timeout: String?
    var colorBlind: Bool
    var version: Int
    var updatedAt: Date

    init(_ saved: SavedSetGame, player: PlayerID, at now: Date) throws {
        self.playerID = player.rawValue
        self.state = try JSONText.encode(saved.game)
        // NB: a game reads back from its JSON as it was (StateRoundTripTests), so the next request
        // need not decode what this one saved.
        Self.games.remember(saved.game, for: ExactText(state))
        self.lastMove = try saved.lastMove.map(JSONText.encode)
        self.timeout = try saved.timeout.map(JSONText.encode)
        self.colorBlind = saved.colorBlind
        self.version = saved.version
        self.updatedAt = now
    }

    /// The row as a saved game.
    func savedGame() throws -> SavedSetGame {
        SavedSetGame(
            game: try Self.games.value(for: ExactText(state)) {
                try JSONText.decode(SetGame.self, from: $0.text)
            },
            lastMove: try lastMove.map {
                try Self.lastMoves.value(for: ExactText($0)) {
                    try JSONText.decode(SetLastMove.self, from: $0.text)
                }
            },
            timeout: try timeout.map { try JSONText.decode(SetTimeout.self, from: $0) },
            colorBlind: colorBlind, version: version)
    }

    /// Games decoded lately, by their JSON: a page viewed again (a reload, a two-player table
    /// asking every few seconds) decodes nothing.
    private static let games = Memo<ExactText, SetGame>(capacity: 512)
    /// Last moves decoded lately, by their JSON: most are one of a few hundred.
    private static let lastMoves = Memo<ExactText, SetLastMove>(capacity: 512)
}
