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
        let record = try FinishedGameRecord(finished)
        try storePlayer(player, at: record.finishedAt)
        try execute(
            """
            INSERT INTO finished_game
                (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
            VALUES (\(player.rawValue), \(record.game), \(record.theme), \(record.mode), \(record.score),
                \(record.breakdown), \(record.durationMilliseconds), \(record.moves), \(record.finishedAt))
            """)
    }

    /// `player`'s history, oldest first; a row that cannot be read is moved to the quarantine
    /// (so it is logged once) and left out.
    func finishedGames(of player: PlayerID) throws -> [FinishedGame] {
        try rows(
            """
            SELECT id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at
            FROM finished_game WHERE player_id = \(player.rawValue) ORDER BY finished_at, id
            """,
            settingAsideFrom: "finished_game", key: { ["id": .integer(try $0("id"))] }
        ) { row in
            try FinishedGameRecord(
                game: row("game"), theme: row("theme"), mode: row("mode"), score: row("score"),
                breakdown: row("breakdown"), durationMilliseconds: row("duration_ms"), moves: row("moves"),
                finishedAt: row("finished_at")
            ).finishedGame()
        }
    }
}
