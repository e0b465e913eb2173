import Foundation
import MemorizeCore
import PropertyBased
import SetCore
import Testing

@testable import CardTableWeb

@Suite struct PlayerStatsTests {
    static let day = Date(timeIntervalSince1970: 1_800_000_000)

    static func memorize(_ theme: String, mode: FinishedGame.Mode = .solo, score: Int, at minute: Int)
        -> FinishedGame
    {
        FinishedGame(
            game: .memorize, theme: theme, mode: mode, score: score,
            breakdown: .memorize(
                matches: 8,
                points: ScoreBreakdown(
                    matchPoints: 16, speedBonusPoints: max(0, score - 16),
                    mismatchPenalties: max(0, 16 - score))),
            seconds: 60, moves: 20, finishedAt: day + Double(60 * minute))
    }

    static func set(_ mode: FinishedGame.Mode, score: Int, sets: Int, seconds: Double, at minute: Int)
        -> FinishedGame
    {
        FinishedGame(
            game: .set, theme: nil, mode: mode, score: score,
            breakdown: .set(SetTally(sets: sets, setPoints: score)),
            seconds: seconds, moves: sets * 3, finishedAt: day + Double(60 * minute))
    }

    @Test func anEmptyHistoryHasNoFigures() {
        let stats = PlayerStats([])
        #expect(stats.gamesPlayed == 0)
        #expect(stats.bests.isEmpty)
        #expect(stats.secondsPerSet == nil)
        #expect(stats.recent.isEmpty)
    }

    @Test func bestsAreKeptPerMemorizeThemeAndPerSetMode() {
        let history = [
            Self.memorize("Animals", score: 10, at: 1), Self.memorize("Animals", score: 14, at: 2),
            Self.memorize("Faces", score: -3, at: 3),
            Self.set(.solo, score: 40, sets: 20, seconds: 600, at: 4),
            Self.set(.solo, score: 55, sets: 22, seconds: 500, at: 5),
            Self.set(.room, score: 12, sets: 6, seconds: 300, at: 6),
        ]
        let stats = PlayerStats(history)
        #expect(stats.gamesPlayed == 6)
        #expect(
            stats.bests == [
                .memorize(theme: "Animals", mode: .solo): 14, .memorize(theme: "Faces", mode: .solo): -3,
                .set(.solo): 55,
                .set(.room): 12,
            ])
    }

    @Test func secondsPerSetCountOnlySetGamesWithSets() throws {
        let history = [
            Self.set(.solo, score: 40, sets: 20, seconds: 600, at: 1),
            Self.set(.twoPlayer, score: 0, sets: 0, seconds: 900, at: 2),
            Self.set(.room, score: 12, sets: 10, seconds: 300, at: 3),
            Self.memorize("Animals", score: 10, at: 4),
        ]
        #expect(try #require(PlayerStats(history).secondsPerSet) == 30)
    }

    @Test func recentGamesAreTheNewestFiftyNewestFirst() {
        let history = (0..<70).map { Self.memorize("Animals", score: $0, at: ($0 * 37) % 70) }
        let recent = PlayerStats(history).recent
        #expect(recent.count == 50)
        #expect(recent.map(\.finishedAt) == recent.map(\.finishedAt).sorted(by: >))
        #expect(recent.first?.finishedAt == Self.day + Double(60 * 69))
    }

    @Test func aNewBestMustBeatEveryEarlierGameOfItsRecord() {
        let history = [
            Self.memorize("Animals", score: 14, at: 1),
            Self.set(.solo, score: 50, sets: 20, seconds: 1, at: 2),
        ]
        #expect(PlayerStats.isNewBest(Self.memorize("Animals", score: 15, at: 3), over: history))
        #expect(!PlayerStats.isNewBest(Self.memorize("Animals", score: 14, at: 3), over: history))
        // Another theme or mode is another record; a first game sets it without fanfare.
        #expect(!PlayerStats.isNewBest(Self.memorize("Faces", score: 99, at: 3), over: history))
        #expect(!PlayerStats.isNewBest(Self.set(.room, score: 99, sets: 1, seconds: 1, at: 3), over: history))
        #expect(PlayerStats.isNewBest(Self.set(.solo, score: 51, sets: 1, seconds: 1, at: 3), over: history))
    }

    /// Whatever the history, a game's score is at most its record's best, and a game is a new best
    /// exactly when it beats the best of the history before it.
    @Test func bestsBoundEveryScore() async {
        await propertyCheck(count: 200, input: Gen.int(in: -20...60).array(of: 1...30)) { scores in
            let history = scores.enumerated().map { index, score in
                index.isMultiple(of: 2)
                    ? Self.memorize(index % 4 == 0 ? "A" : "B", score: score, at: index)
                    : Self.set(index % 3 == 0 ? .solo : .room, score: score, sets: 1, seconds: 10, at: index)
            }
            let stats = PlayerStats(history)
            for game in history {
                #expect(game.score <= stats.bests[PlayerStats.record(of: game)] ?? .min)
            }
            let last = history[history.count - 1]
            let before = Array(history.dropLast())
            let earlierBest = PlayerStats(before).bests[PlayerStats.record(of: last)]
            #expect(
                PlayerStats.isNewBest(last, over: before) == (earlierBest.map { last.score > $0 } ?? false))
        }
    }

    @Test func eachGameAndModeHasAChartOfItsOwnLastFifty() {
        let history =
            (0..<60).map { Self.set(.solo, score: $0, sets: 1, seconds: 10, at: $0) }
            + (0..<3).map { Self.memorize("Animals", score: $0, at: 100 + $0) }
            + [Self.set(.room, score: 3, sets: 3, seconds: 10, at: 200)]
        let streak = DailyStreak(solvedOnTheDay: [], today: PuzzleDate(daysSince1970: 20_000))
        let page = StatsPage(history: history, streak: streak)
        #expect(page.charts.map(\.title) == ["Memorize, solo", "Set, solo", "Set, room"])
        #expect(page.charts.map(\.rows.count) == [3, 50, 1])
        // The Set chart runs from the 11th game to the 60th, in the order played.
        #expect(page.charts[1].rows.first?.value == 10)
        #expect(page.charts[1].rows.last?.value == 59)
        #expect(page.recent.count == 50)
    }
}
