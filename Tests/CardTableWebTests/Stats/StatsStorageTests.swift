import Foundation
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Histories and daily solves on SQLite and (with a test cluster) on PostgreSQL: a game is
/// recorded once, by the change that finishes it, even when several instances race to finish
/// it; a day's first solve is kept whatever replays do.
@Suite struct StatsStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// A solo game one Set from its end, after a wrong trio.
    private func almostOver() throws -> SavedSetGame {
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        var game = try SetGame(deck: [], table: table, at: now)
        for card in SetFixtures.companions.prefix(3) { game.select(card, at: now + 1) }
        return SavedSetGame(game: game)
    }

    @Test(arguments: TestStores.available)
    func theChangeThatFinishesAGameRecordsItOnce(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 4) { instances in
            let player = PlayerID.random()
            let start = try almostOver()
            let now = now
            try await instances[0].database.changeSetGame(for: player, at: now) { _ in (start, ()) }
            #expect(try await instances[0].database.finishedGames(of: player).isEmpty)
            // Four instances each try to take the last Set; the first one's move ends the game.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in instances {
                    group.addTask {
                        try await instance.database.changeSetGame(for: player, at: now + 5) { stored in
                            guard var saved = stored.saved, !saved.game.isOver else { return (nil, ()) }
                            for card in SetFixtures.set { saved.game.select(card, at: now + 5) }
                            return (saved, ())
                        }
                    }
                }
                try await group.waitForAll()
            }
            // Saving the finished game again (a setting changed) records nothing more.
            try await instances[1].database.changeSetGame(for: player, at: now + 9) { stored in
                var saved = try #require(stored.saved)
                saved.colorBlind = true
                return (saved, ())
            }
            let history = try await instances[2].database.finishedGames(of: player)
            #expect(history.count == 1)
            let game = try #require(history.first)
            #expect(game.score == 4 && game.mode == .solo && game.moves == 2 && game.seconds == 4)
            #expect(
                game.breakdown == .set(SetTally(sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2)))
            #expect(abs(game.finishedAt.timeIntervalSince(now + 5)) < 0.002)
        }
    }

    @Test(arguments: TestStores.available)
    func aDaysFirstSolveIsKeptWhateverReplaysDo(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let player = PlayerID.random()
            let date = try #require(PuzzleDate("2026-11-25"))
            let puzzle = DailySetPuzzle(date: date)
            let morning = Date(timeIntervalSince1970: Double(date.daysSince1970) * 86_400 + 3_600)
            for (go, instance) in instances.enumerated() {
                let start = morning + Double(go * 1_000)
                try await instance.database.changeDailyPlay(on: date, for: player, at: start) { _ in
                    var progress = DailyPuzzleProgress(date: date)
                    progress.start(at: start)
                    for (index, trio) in puzzle.sets.enumerated() {
                        _ = progress.claim(trio.cards, of: puzzle, at: start + Double(10 * (index + 1) + go))
                    }
                    return (DailyPlay(progress: progress, lastClaim: nil), ())
                }
            }
            let solves = try await instances[1].database.dailySolves(of: player)
            #expect(solves.count == 1)
            let solve = try #require(solves.first)
            #expect(solve.date == date && solve.seconds == 60 && solve.wrongTries == 0 && solve.isOnItsDay)
            // The go itself is the latest.
            let play = try await instances[0].database.dailyPlay(on: date, for: player)
            #expect(play?.progress.clock.playingTime(at: .distantFuture) == 61)
        }
    }

    @Test(arguments: TestStores.available)
    func anUnreadableDailyGoIsSetAsideAndThePuzzleStartsAfresh(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let player = PlayerID.random()
            let date = try #require(PuzzleDate("2026-11-25"))
            let now = now
            try await instance.database.changeDailyPlay(on: date, for: player, at: now) { _ in
                (DailyPlay(progress: DailyPuzzleProgress(date: date), lastClaim: nil), ())
            }
            try await instance.execute("UPDATE daily_play SET progress = '{\"date\": 7}'")
            let seen = try await instance.database.changeDailyPlay(on: date, for: player, at: now) {
                stored in
                (nil, stored)
            }
            #expect(seen == nil)
            #expect(
                try await instance.count("SELECT count(*) FROM quarantine WHERE table_name = 'daily_play'")
                    == 1)
        }
    }
}
