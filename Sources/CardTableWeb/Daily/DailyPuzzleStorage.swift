import CardTableBasics
import CardTableStorage
import Foundation
import SetCore

/// Players' goes at the daily puzzle, with each day's first solve.
extension CardTableDatabase {
    /// `player`'s go at the puzzle of `date`; nil before they started it.
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) async throws -> DailyPlay? {
        try await read { try $0.dailyPlay(on: date, for: player) }
    }

    /// Reads the go, lets `change` decide what to save (nil: nothing) and saves it, in one
    /// transaction after every earlier change of the player's; nothing is saved when `change`
    /// throws. A save that solves the puzzle is kept as the day's solve unless one is kept already.
    /// - Returns: What `change` answered besides.
    func changeDailyPlay<Value: Sendable>(
        on date: PuzzleDate, for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (DailyPlay?) throws -> (save: DailyPlay?, value: Value)
    ) async throws -> Value {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            let (save, value) = try change(try transaction.dailyPlay(on: date, for: player))
            if let save { try transaction.save(save, for: player, at: now) }
            return value
        }
    }

    /// Every day `player` solved, oldest first.
    func dailySolves(of player: PlayerID) async throws -> [DailySolve] {
        try await read { try $0.dailySolves(of: player) }
    }
}

extension DatabaseTransaction {
    /// `player`'s go at `date`'s puzzle; nil when there is none, or its row could not be read (it
    /// is moved to the quarantine and the puzzle starts afresh).
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) throws -> DailyPlay? {
        let day = date.description
        let found = try firstRow(
            "SELECT progress, last_claim FROM daily_play WHERE player_id = \(player.rawValue) AND puzzle_date = \(day)"
        ) { row in
            Result { try DailyPlay(progressText: row("progress"), lastClaimText: row("last_claim")) }
        }
        guard let found else { return nil }
        return try readOrSetAside(
            from: "daily_play", key: ["player_id": .text(player.rawValue), "puzzle_date": .text(day)]
        ) { try found.get() }
    }

    /// Every day `player` solved, oldest first; a solve that cannot be read is moved to the
    /// quarantine and left out.
    func dailySolves(of player: PlayerID) throws -> [DailySolve] {
        try rows(
            """
            SELECT puzzle_date, duration_ms, wrong_tries, solved_at FROM daily_solve
            WHERE player_id = \(player.rawValue) ORDER BY puzzle_date
            """,
            settingAsideFrom: "daily_solve",
            key: { ["player_id": .text(player.rawValue), "puzzle_date": .text(try $0("puzzle_date"))] }
        ) { row in
            try DailySolve(
                storedDate: row("puzzle_date"), milliseconds: row("duration_ms"),
                wrongTries: row("wrong_tries"), solvedAt: row("solved_at"))
        }
    }

    /// Saves `play` (the player is stored: see ``lockPlayer(_:at:)``), and its solve when it is
    /// the day's first: a later solve of the same day does not replace it.
    func save(_ play: DailyPlay, for player: PlayerID, at now: Date) throws {
        let day = play.progress.date.description
        try execute(
            """
            INSERT INTO daily_play (player_id, puzzle_date, progress, last_claim, updated_at)
            VALUES (\(player.rawValue), \(day), \(try JSONText.encode(play.progress)),
                \(try play.lastClaim.map(JSONText.encode)), \(now))
            ON CONFLICT (player_id, puzzle_date) DO UPDATE SET
                progress = excluded.progress, last_claim = excluded.last_claim,
                updated_at = excluded.updated_at
            """)
        guard let solve = play.solve else { return }
        try execute(
            """
            INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
            VALUES (\(player.rawValue), \(day), \(solve.milliseconds), \(solve.wrongTries), \(solve.solvedAt))
            ON CONFLICT (player_id, puzzle_date) DO NOTHING
            """)
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
