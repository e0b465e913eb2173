import Foundation
import GRDB
import SetCore

/// A row of the `set_game` table: one player's Set game as the engine's JSON, what the last
/// move did (and any claim that ran out before it), and the player's color-blind setting.
struct SetGameRecord: Codable {
    var playerID: String
    var state: String
    var lastMove: String?
    var timeout: String?
    var colorBlind: Bool
    var version: Int
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id"
        case state
        case lastMove = "last_move"
        case timeout
        case colorBlind = "color_blind"
        case version
        case updatedAt = "updated_at"
    }

    init(
        playerID: String, state: String, lastMove: String?, timeout: String?, colorBlind: Bool, version: Int,
        updatedAt: Date
    ) {
        self.playerID = playerID
        self.state = state
        self.lastMove = lastMove
        self.timeout = timeout
        self.colorBlind = colorBlind
        self.version = version
        self.updatedAt = updatedAt
    }

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

extension SetGameRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "set_game"

    /// Reads the row column by column (much faster than `Decodable`); a value of the wrong kind
    /// throws, so a damaged row is still set aside.
    init(row: Row) throws {
        playerID = try row.decode(forColumn: CodingKeys.playerID.rawValue)
        state = try row.decode(forColumn: CodingKeys.state.rawValue)
        lastMove = try row.decode(forColumn: CodingKeys.lastMove.rawValue)
        timeout = try row.decode(forColumn: CodingKeys.timeout.rawValue)
        colorBlind = try row.decode(forColumn: CodingKeys.colorBlind.rawValue)
        version = try row.decode(forColumn: CodingKeys.version.rawValue)
        updatedAt = try row.decode(forColumn: CodingKeys.updatedAt.rawValue)
    }
}
