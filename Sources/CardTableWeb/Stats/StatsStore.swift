import Foundation
import GRDB

/// Where players' histories are kept. Games are added by the stores of each game, in the
/// transaction that finishes them (see ``FinishedGame/init(finishing:as:at:)``), so a game is
/// recorded once, and only if its last move is saved.
protocol StatsStore: Sendable {
    /// Every game `player` finished, oldest first.
    func finishedGames(of player: PlayerID) async throws -> [FinishedGame]
}

extension CardTableStore: StatsStore {
    func finishedGames(of player: PlayerID) async throws -> [FinishedGame] {
        try await read { try $0.finishedGames(of: player) }
    }
}

extension CardTableStore.Transaction {
    /// Adds `finished` to `player`'s history (storing the player if need be).
    func record(_ finished: FinishedGame, for player: PlayerID) throws {
        try ensurePlayer(player, at: finished.finishedAt)
        let record = try FinishedGameRecord(finished)
        try db.cachedStatement(
            sql: """
                INSERT INTO finished_game
                    (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            player.rawValue, record.game, record.theme, record.mode, record.score, record.breakdown,
            record.durationMilliseconds, record.moves, record.finishedAt,
        ])
    }

    /// `player`'s history, oldest first; a row that cannot be read is moved to the quarantine
    /// (so it is logged once) and left out.
    func finishedGames(of player: PlayerID) throws -> [FinishedGame] {
        try decodedRows(
            "SELECT * FROM finished_game WHERE player_id = ? ORDER BY finished_at, id", [player.rawValue],
            of: "finished_game"
        ) { row in
            try FinishedGameRecord(
                game: row.decode(forColumn: "game"), theme: row.decode(forColumn: "theme"),
                mode: row.decode(forColumn: "mode"), score: row.decodeExactly(forColumn: "score"),
                breakdown: row.decode(forColumn: "breakdown"),
                durationMilliseconds: row.decodeExactly(forColumn: "duration_ms"),
                moves: row.decodeExactly(forColumn: "moves"),
                finishedAt: row.decode(forColumn: "finished_at")
            ).finishedGame()
        }
    }
}
