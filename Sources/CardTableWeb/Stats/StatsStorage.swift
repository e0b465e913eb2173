import CardTableBasics
import CardTableStorage
import Foundation

/// Players' histories. Games are added by each game's storage, in the transaction that finishes
/// them (see ``FinishedGame/init(finishing:as:at:)``), so a game is recorded once, and only if
/// its last move is saved.
extension CardTableDatabase {
    /// Every game `player` finished, oldest first.
    func finishedGames(of player: PlayerID) async throws -> [FinishedGame] {
        try await read { try $0.finishedGames(of: player) }
    }
}

extension DatabaseTransaction {
    /// Adds `finished` to `player`'s history (storing the player if need be).
    func record(_ finished: FinishedGame, for player: PlayerID) throws {
        let row = try finished.row(for: player)
        try storePlayer(player, at: finished.finishedAt)
        try insert(row)
    }

    /// `player`'s history, oldest first; a row that cannot be read is moved to the quarantine
    /// (so it is logged once) and left out.
    func finishedGames(of player: PlayerID) throws -> [FinishedGame] {
        try rows(
            """
            SELECT id, game, theme, mode, variant, score, breakdown, duration_ms, moves, finished_at
            FROM finished_game WHERE player_id = \(player.rawValue) ORDER BY finished_at, id
            """,
            settingAsideFrom: "finished_game", key: { ["id": .integer(try $0("id"))] }
        ) { row in
            try FinishedGameRecord(
                game: row("game"), theme: row("theme"), mode: row("mode"), variant: row("variant"),
                score: row("score"),
                breakdown: row("breakdown"), durationMilliseconds: row("duration_ms"), moves: row("moves"),
                finishedAt: row("finished_at")
            ).finishedGame()
        }
    }
}

extension FinishedGame {
    /// The row `player`'s history keeps of this game.
    func row(for player: PlayerID) throws -> AddedRow {
        let record = try FinishedGameRecord(self)
        return AddedRow(
            table: "finished_game",
            values: [
                ("player_id", .text(player.rawValue)), ("game", .text(record.game)),
                ("theme", record.theme.map(SQLValue.text) ?? .null),
                ("mode", .text(record.mode)), ("variant", record.variant.map(SQLValue.text) ?? .null),
                ("score", record.score.sqlValue),
                ("breakdown", .text(record.breakdown)),
                ("duration_ms", record.durationMilliseconds.sqlValue), ("moves", record.moves.sqlValue),
                ("finished_at", .date(record.finishedAt)),
            ])
    }
}
