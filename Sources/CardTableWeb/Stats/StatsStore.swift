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

    /// `player`'s history, oldest first; a row that cannot be read is left out (and kept), and
    /// logged.
    func finishedGames(of player: PlayerID) throws -> [FinishedGame] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT game, theme, mode, score, breakdown, duration_ms, moves, finished_at
                    FROM finished_game WHERE player_id = ? ORDER BY finished_at, id
                    """), arguments: [player.rawValue])
        return rows.compactMap { row in
            do {
                return try FinishedGameRecord(
                    game: row["game"], theme: row["theme"], mode: row["mode"], score: row["score"],
                    breakdown: row["breakdown"], durationMilliseconds: row["duration_ms"],
                    moves: row["moves"],
                    finishedAt: row["finished_at"]
                ).finishedGame()
            } catch {
                logger.error(
                    "A finished game could not be read and is left out",
                    metadata: ["player": "\(player.rawValue)", "error": "\(error)"])
                return nil
            }
        }
    }
}
