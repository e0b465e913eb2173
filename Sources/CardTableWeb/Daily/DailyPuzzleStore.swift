import Foundation
import GRDB
import SetCore

/// Where players' goes at the daily puzzle are kept, with each day's first solve.
protocol DailyPuzzleStore: Sendable {
    /// `player`'s go at the puzzle of `date`; nil before they started it.
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) async throws -> DailyPlay?

    /// Reads the go, lets `change` decide what to save (nil: nothing) and saves it, in one
    /// transaction after every earlier change of the player's; nothing is saved when `change`
    /// throws. A save that solves the puzzle is kept as the day's solve unless one is kept already.
    /// - Returns: What `change` answered besides.
    func changeDailyPlay<Value: Sendable>(
        on date: PuzzleDate, for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (DailyPlay?) throws -> (save: DailyPlay?, value: Value)
    ) async throws -> Value

    /// Every day `player` solved, oldest first.
    func dailySolves(of player: PlayerID) async throws -> [DailySolve]
}

extension CardTableStore: DailyPuzzleStore {
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) async throws -> DailyPlay? {
        try await read { try $0.dailyPlay(on: date, for: player) }
    }

    func changeDailyPlay<Value: Sendable>(
        on date: PuzzleDate, for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (DailyPlay?) throws -> (save: DailyPlay?, value: Value)
    ) async throws -> Value {
        try await write { transaction in
            let (save, value) = try change(try transaction.dailyPlay(on: date, for: player))
            if let save { try transaction.save(save, for: player, at: now) }
            return value
        }
    }

    func dailySolves(of player: PlayerID) async throws -> [DailySolve] {
        try await read { transaction in
            try transaction.decodedRows(
                "SELECT * FROM daily_solve WHERE player_id = ? ORDER BY puzzle_date", [player.rawValue],
                of: "daily_solve"
            ) { row in
                try DailySolve(
                    storedDate: row.decode(forColumn: "puzzle_date"),
                    milliseconds: row.decodeExactly(forColumn: "duration_ms"),
                    wrongTries: row.decodeExactly(forColumn: "wrong_tries"),
                    solvedAt: row.decode(forColumn: "solved_at"))
            }
        }
    }
}

extension CardTableStore.Transaction {
    /// `player`'s go at `date`'s puzzle; nil when there is none, or its row could not be read (it
    /// is moved to the quarantine and the puzzle starts afresh).
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) throws -> DailyPlay? {
        guard
            let row = try cachedRow(
                "SELECT * FROM daily_play WHERE player_id = ? AND puzzle_date = ?",
                [player.rawValue, date.description])
        else { return nil }
        return try readOrSetAside(row, of: "daily_play") {
            try DailyPlay(
                progressText: row.decode(forColumn: "progress"),
                lastClaimText: row.decode(forColumn: "last_claim"))
        }
    }

    /// Saves `play`, and its solve when it is the day's first.
    func save(_ play: DailyPlay, for player: PlayerID, at now: Date) throws {
        try storePlayer(player, at: now)
        let date = play.progress.date.description
        try db.cachedStatement(
            sql: """
                INSERT INTO daily_play (player_id, puzzle_date, progress, last_claim, updated_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (player_id, puzzle_date) DO UPDATE SET
                    progress = excluded.progress, last_claim = excluded.last_claim,
                    updated_at = excluded.updated_at
                """
        ).execute(arguments: [
            player.rawValue, date, try JSONText.encode(play.progress),
            try play.lastClaim.map(JSONText.encode),
            now,
        ])
        guard let solve = play.solve else { return }
        try db.cachedStatement(
            sql: """
                INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (player_id, puzzle_date) DO NOTHING
                """
        ).execute(arguments: [
            player.rawValue, date, solve.milliseconds, solve.wrongTries, solve.solvedAt,
        ])
    }
}

extension DailyPlay {
    /// A go as stored.
    init(progressText: String, lastClaimText: String?) throws {
        progress = try JSONText.decode(DailyPuzzleProgress.self, from: progressText)
        lastClaim = try lastClaimText.map { try JSONText.decode(DailyLastClaim.self, from: $0) }
    }

    /// The solve this go makes, once the puzzle is solved: its time in milliseconds, its wrong
    /// tries and when it ended.
    var solve: (milliseconds: Int64, wrongTries: Int, solvedAt: Date)? {
        guard progress.isSolved, let finishedAt = progress.clock.finishedAt else { return nil }
        let seconds = progress.clock.playingTime(at: finishedAt)
        return (seconds.storedMilliseconds, progress.wrongTries, finishedAt)
    }
}
