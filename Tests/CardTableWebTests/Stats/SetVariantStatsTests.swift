import Foundation
import SetCore
import Testing

@testable import CardTableWeb

/// Set's variants in the stats (issue 34): a finished game keeps its variant, and each variant of
/// each mode has its own best, chart and words; a game recorded before variants is Normal.
@Suite struct SetVariantStatsTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    static func set(
        _ mode: FinishedGame.Mode, _ variant: SetVariant, score: Int, sets: Int = 1, seconds: Double = 10,
        at minute: Int
    ) -> FinishedGame {
        FinishedGame(
            game: .set, theme: nil, mode: mode, score: score,
            breakdown: .set(SetTally(sets: sets, setPoints: score)), seconds: seconds, moves: sets,
            finishedAt: PlayerStatsTests.day + Double(60 * minute), variant: variant)
    }

    // MARK: - What a finished game records

    @Test func aFinishedSetGameKeepsItsVariant() throws {
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        let before = SavedSetGame(game: try SetGame(deck: [], table: table, variant: .chain, at: now))
        var after = before
        for card in SetFixtures.set { after.game.select(card, at: now + 5) }
        #expect(after.game.isOver)
        let finished = try #require(FinishedGame(finishing: before, as: after, at: now + 5))
        #expect(finished.variant == .chain && finished.mode == .solo)

        var room = try MultiplayerSetGame(deck: [], table: table, seatCount: 2, variant: .chain)
        _ = room.claim(SetFixtures.set, by: 1, at: now + 5)
        #expect(room.isOver)
        #expect(FinishedGame(room: room, seat: 0, at: now + 5).variant == .chain)
        #expect(FinishedGame(room: room, seat: 1, at: now + 5).score == 1)
    }

    @Test func aSetGameWithoutAVariantIsNormalAndMemorizeHasNone() {
        #expect(PlayerStatsTests.set(.solo, score: 4, sets: 1, seconds: 1, at: 1).variant == .normal)
        #expect(PlayerStatsTests.memorize("Animals", score: 4, at: 1).variant == nil)
        let memorize = FinishedGame(
            game: .memorize, theme: "Animals", mode: .solo, score: 1,
            breakdown: .memorize(matches: 1, points: .init(matchPoints: 1)), seconds: 1, moves: 1,
            finishedAt: now, variant: .ultra)
        #expect(memorize.variant == nil)
    }

    // MARK: - Bests, charts and words

    @Test func eachVariantOfAModeKeepsItsOwnBest() {
        let history = [
            Self.set(.solo, .normal, score: 40, at: 1), Self.set(.solo, .chain, score: 25, at: 2),
            Self.set(.solo, .chain, score: 31, at: 3), Self.set(.room, .ultra, score: 6, at: 4),
            Self.set(.twoPlayer, .junior, score: 9, at: 5),
        ]
        let stats = PlayerStats(history)
        #expect(
            stats.bests == [
                .set(.solo): 40, .set(.solo, variant: .chain): 31, .set(.room, variant: .ultra): 6,
                .set(.twoPlayer, variant: .junior): 9,
            ])
        // A Chain score beyond Normal's best is not a new Normal best, nor the other way round.
        #expect(!PlayerStats.isNewBest(Self.set(.solo, .normal, score: 35, at: 6), over: history))
        #expect(PlayerStats.isNewBest(Self.set(.solo, .chain, score: 35, at: 6), over: history))
        #expect(!PlayerStats.isNewBest(Self.set(.solo, .junior, score: 99, at: 6), over: history))

        let names = StatsPage(
            history: history, streak: DailyStreak(solvedOnTheDay: [], today: .init(day: now))
        )
        .bests.map { "\($0.gameName) · \($0.name) · \($0.score)" }
        #expect(
            names == [
                "Set · solo · 40", "Set Junior · two players · 9", "Set-Chain · solo · 31",
                "UltraSet · room · 6",
            ])
    }

    @Test func secondsPerSetCountsNormalSoloGamesOnly() {
        let history = [
            Self.set(.solo, .normal, score: 10, sets: 10, seconds: 200, at: 1),
            Self.set(.solo, .junior, score: 10, sets: 10, seconds: 50, at: 2),
            Self.set(.solo, .ultra, score: 2, sets: 2, seconds: 300, at: 3),
        ]
        #expect(PlayerStats(history).secondsPerSet == 20)
    }

    @Test func aNormalAndAChainGameAreTwoChartLines() {
        let history = [
            Self.set(.solo, .normal, score: 40, at: 1), Self.set(.solo, .chain, score: 25, at: 2),
            Self.set(.solo, .normal, score: 44, at: 3),
        ]
        let split = ChartSeries.split(history, keeping: 50)
        #expect(split.map(\.series.title) == ["Set, solo", "Set-Chain, solo"])
        #expect(split.map(\.series.slug) == ["set-solo", "set-chain-solo"])
        #expect(split.map { $0.games.map(\.score) } == [[40, 44], [25]])
    }

    @Test func theGameOverComparisonStaysWithinTheVariant() throws {
        let history = [
            Self.set(.solo, .normal, score: 40, at: 1), Self.set(.solo, .ultra, score: 12, at: 2),
            Self.set(.solo, .ultra, score: 15, at: 3),
        ]
        let ultra = try #require(
            BestComparison(gameFinishedAt: history[2].finishedAt, game: .set, in: history))
        #expect(ultra.isNewBest && ultra.previousBest == 12)
        #expect(ultra.text == "New best! Your best for UltraSet, solo was 12.")
        let first = try #require(
            BestComparison(gameFinishedAt: history[1].finishedAt, game: .set, in: history))
        #expect(first.previousBest == nil)
        #expect(first.text == "Your first finished game of UltraSet, solo: the score to beat next time.")
    }

    // MARK: - JSON and CSV

    @Test func theJSONOfASetGameNamesItsVariant() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let chain =
            try JSONSerialization.jsonObject(
                with: encoder.encode(Self.set(.solo, .chain, score: 3, at: 1))) as? [String: Any]
        #expect(chain?["variant"] as? String == "chain" && chain?["mode"] as? String == "solo")
        let memorize =
            try JSONSerialization.jsonObject(
                with: encoder.encode(PlayerStatsTests.memorize("Animals", score: 3, at: 1))) as? [String: Any]
        #expect(memorize != nil && memorize?["variant"] == nil)
    }

    @Test func theCSVEndsWithTheVariant() {
        #expect(HistoryCSV.header.last == "variant")
        // The columns before it keep the places they had.
        #expect(HistoryCSV.header.firstIndex(of: "claim_out_of_time_penalties") == 18)
        let lines = HistoryCSV.text(of: [
            Self.set(.room, .junior, score: 3, at: 1), PlayerStatsTests.memorize("Animals", score: 3, at: 2),
        ]).components(separatedBy: "\r\n")
        #expect(lines[1].hasSuffix(",set,,room,3,10.000,1,,,,,1,3,0,0,0,0,0,0,junior"), "\(lines[1])")
        #expect(lines[2].hasSuffix(",memorize,Animals,solo,3,60.000,20,8,16,0,13,,,,,,,,,"), "\(lines[2])")
        #expect(
            lines.dropLast().allSatisfy {
                $0.split(separator: ",", omittingEmptySubsequences: false).count == 20
            })
    }
}
