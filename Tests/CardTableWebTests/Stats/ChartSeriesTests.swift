import Foundation
import PropertyBased
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The stats page's lines: one per game and mode (and Set variant), never joining another's scores.
@Suite struct ChartSeriesTests {
    @Test func everyGameAndModeIsASeriesOnce() {
        #expect(
            ChartSeries.all.map(\.title) == [
                "Memorize, solo", "Memorize, two players", "Memorize, room",
                "Set, solo", "Set, two players", "Set, room",
                "Set Junior, solo", "Set Junior, two players", "Set Junior, room",
                "Set-Chain, solo", "Set-Chain, two players", "Set-Chain, room",
                "UltraSet, solo", "UltraSet, two players", "UltraSet, room",
            ])
        // Normal Set's keep the names they had before there were variants.
        #expect(
            ChartSeries.all.map(\.slug) == [
                "memorize-solo", "memorize-two-player", "memorize-room", "set-solo", "set-two-player",
                "set-room", "set-junior-solo", "set-junior-two-player", "set-junior-room", "set-chain-solo",
                "set-chain-two-player", "set-chain-room", "set-ultra-solo", "set-ultra-two-player",
                "set-ultra-room",
            ])
    }

    /// The history: solo Memorize scores and a room's results no longer make one line
    /// that reads as a collapse.
    @Test func soloScoresAndRoomResultsAreTwoLines() {
        let scores: [(FinishedGame.Mode, Int)] = [
            (.solo, 60), (.solo, 78), (.solo, 50), (.room, 3), (.room, 5),
        ]
        let history = scores.enumerated().map { index, game in
            Self.game(.memorize, game.0, score: game.1, at: index)
        }
        let split = ChartSeries.split(history, keeping: 50)
        #expect(split.map(\.series.title) == ["Memorize, solo", "Memorize, room"])
        #expect(split.map { $0.games.map(\.score) } == [[60, 78, 50], [3, 5]])
    }

    /// Whatever the history, each series keeps exactly its own last games, in the order played.
    @Test func eachSeriesKeepsItsOwnLastGamesInOrder() async {
        let games = Gen.int(in: 0...10_000).array(of: 0...120)
        await propertyCheck(count: 200, input: games, Gen.int(in: 1...60)) { picks, limit in
            // NB: the score is the game's place in the history, to see the order kept; minutes
            // repeat, to see games finished at the same moment keep theirs.
            let history = picks.enumerated().map { index, pick in
                let series = ChartSeries.all[pick % ChartSeries.all.count]
                return Self.game(series, score: index, at: pick / 6 % 40)
            }
            let split = ChartSeries.split(history, keeping: limit)
            let present = ChartSeries.all.filter { series in
                history.contains { ChartSeries(of: $0) == series }
            }
            #expect(split.map(\.series) == present)
            for (series, kept) in split {
                let all = history.filter { ChartSeries(of: $0) == series }
                #expect(kept.count == min(limit, all.count))
                #expect(kept.allSatisfy { ChartSeries(of: $0) == series })
                for (earlier, later) in zip(kept, kept.dropFirst()) {
                    #expect((earlier.finishedAt, earlier.score) < (later.finishedAt, later.score))
                }
                // Those left out were played before every game kept.
                let left = all.filter { game in !kept.contains { $0.score == game.score } }
                if let first = kept.first {
                    #expect(left.allSatisfy { ($0.finishedAt, $0.score) < (first.finishedAt, first.score) })
                }
            }
        }
    }

    static func game(_ game: CardGame, _ mode: FinishedGame.Mode, score: Int, at minute: Int)
        -> FinishedGame
    {
        Self.game(ChartSeries(game: game, mode: mode), score: score, at: minute)
    }

    /// A game of `series`, in its variant for Set.
    static func game(_ series: ChartSeries, score: Int, at minute: Int) -> FinishedGame {
        switch series.game {
        case .memorize: PlayerStatsTests.memorize("Animals", mode: series.mode, score: score, at: minute)
        case .set:
            SetVariantStatsTests.set(series.mode, series.variant ?? .normal, score: score, at: minute)
        }
    }
}
