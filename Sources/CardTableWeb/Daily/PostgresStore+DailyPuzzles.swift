import Foundation
import PostgresNIO
import SetCore

extension PostgresStore: DailyPuzzleStore {
    func dailyPlay(on date: PuzzleDate, for player: PlayerID) async throws -> DailyPlay? {
        try await transaction { connection in
            try await dailyPlay(on: date, for: player, on: connection)
        }
    }

    func changeDailyPlay<Value: Sendable>(
        on date: PuzzleDate, for player: PlayerID, at now: Date,
        _ change: @escaping @Sendable (DailyPlay?) throws -> (save: DailyPlay?, value: Value)
    ) async throws -> Value {
        try await transaction { connection in
            try await lockPlayer(player, at: now, on: connection)
            let (save, value) = try change(try await dailyPlay(on: date, for: player, on: connection))
            guard let save else { return value }
            let day = save.progress.date.description
            try await connection.query(
                """
                INSERT INTO daily_play (player_id, puzzle_date, progress, last_claim, updated_at)
                VALUES (\(player.rawValue), \(day), \(try JSONText.encode(save.progress)),
                    \(try save.lastClaim.map(JSONText.encode)), \(now))
                ON CONFLICT (player_id, puzzle_date) DO UPDATE SET
                    progress = excluded.progress, last_claim = excluded.last_claim,
                    updated_at = excluded.updated_at
                """, logger: logger)
            if let solve = save.solve {
                try await connection.query(
                    """
                    INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                    VALUES (\(player.rawValue), \(day), \(solve.milliseconds), \(solve.wrongTries), \(solve.solvedAt))
                    ON CONFLICT (player_id, puzzle_date) DO NOTHING
                    """, logger: logger)
            }
            return value
        }
    }

    func dailySolves(of player: PlayerID) async throws -> [DailySolve] {
        try await snapshot { connection, canSetAside in
            let rows = try await connection.query(
                """
                SELECT puzzle_date, duration_ms, wrong_tries, solved_at FROM daily_solve
                WHERE player_id = \(player.rawValue) ORDER BY puzzle_date
                """, logger: logger)
            var solves: [DailySolve] = []
            var unreadable: [(date: String, error: any Error)] = []
            for try await (date, milliseconds, wrongTries, solvedAt) in rows.decode(
                (String, Int64, Int, Date).self)
            {
                do {
                    solves.append(
                        try DailySolve(
                            storedDate: date, milliseconds: milliseconds, wrongTries: wrongTries,
                            solvedAt: solvedAt))
                } catch {
                    unreadable.append((date, error))
                }
            }
            guard unreadable.isEmpty || canSetAside else { throw DamagedRow.NeedsWriting() }
            for (date, error) in unreadable {
                try await setAside(
                    from: "daily_solve",
                    key: ["player_id": .text(player.rawValue), "puzzle_date": .text(date)],
                    because: error, on: connection)
            }
            return solves
        }
    }

    /// The go at `date`'s puzzle; nil when there is none or its row could not be read (it is
    /// moved to the quarantine).
    private func dailyPlay(on date: PuzzleDate, for player: PlayerID, on connection: PostgresConnection)
        async throws -> DailyPlay?
    {
        let day = date.description
        let rows = try await connection.query(
            """
            SELECT progress, last_claim FROM daily_play
            WHERE player_id = \(player.rawValue) AND puzzle_date = \(day)
            """, logger: logger)
        var stored: (progress: String, lastClaim: String?)?
        for try await (progress, lastClaim) in rows.decode((String, String?).self) {
            stored = (progress, lastClaim)
        }
        guard let stored else { return nil }
        do {
            return try DailyPlay(progressText: stored.progress, lastClaimText: stored.lastClaim)
        } catch {
            try await setAside(
                from: "daily_play", key: ["player_id": .text(player.rawValue), "puzzle_date": .text(day)],
                because: error, on: connection)
            return nil
        }
    }
}
