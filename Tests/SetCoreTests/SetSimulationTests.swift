import PropertyBased
import SeededRandom
import Testing

@testable import SetCore

/// The bot simulation: faithful to ``SetGame``, repeatable, and in line with published figures.
struct SetSimulationTests {
    /// The same bot, playing through the public `SetGame` API with the same random draws.
    static func playThroughSetGame(using generator: inout SeededGenerator) -> SimulatedGameResult {
        var game = SetGame(using: &generator, at: moment(0))
        var sets = game.matchesOnTable
        var result = SimulatedGameResult(
            firstDealSets: sets.count, largestTable: game.table.count, cardsLeftAtEnd: 0, setsFound: 0)
        while !game.isOver {
            if sets.isEmpty {
                game.dealThreeMore(at: moment(0))
                result.largestTable = max(result.largestTable, game.table.count)
            } else {
                let trio = sets[Int.random(in: 0..<sets.count, using: &generator)]
                for card in trio.cards { game.select(card, at: moment(0)) }
                game.select(trio.cards[0], at: moment(0))
                result.setsFound += 1
            }
            sets = game.matchesOnTable
        }
        result.cardsLeftAtEnd = game.table.count
        return result
    }

    @Test func theLeanBotPlaysExactlyLikeSetGame() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var lean = SeededGenerator(seed: seed)
            var reference = SeededGenerator(seed: seed)
            var table = SetBotTable()
            let leanResult = CompletingCardTable.ids.withUnsafeBufferPointer { ids in
                table.playGame(using: &lean, completing: ids)
            }
            #expect(leanResult == Self.playThroughSetGame(using: &reference))
            #expect(lean == reference)
        }
    }

    @Test func theSameSeedGivesTheSameStatistics() async {
        let first = await SetSimulation.run(games: 2500, seed: 7)
        let second = await SetSimulation.run(games: 2500, seed: 7)
        let other = await SetSimulation.run(games: 2500, seed: 8)
        #expect(first.ignoringSpeed == second.ignoringSpeed)
        #expect(first.ignoringSpeed != other.ignoringSpeed)
        #expect(first.games == 2500 && first.seed == 7)
        #expect(first.gamesPerSecond > 0)
    }

    @Test func progressIsReportedPerBatch() async {
        var reports: [Int] = []
        _ = await SetSimulation.run(games: 2500, seed: 1) { reports.append($0) }
        #expect(reports.count == 3)
        #expect(reports.sorted() == reports)
        #expect(reports.last == 2500)
    }

    @Test func statisticsAgreeWithPublishedFiguresAndCountingFacts() async {
        let statistics = await SetSimulation.run(games: 20_000, seed: 2024)
        // About 3.2 % of 12-card deals hold no Set, and 12 cards hold 2.78 Sets on average.
        #expect(abs(statistics.firstDealNoSetRate - 0.032) < 0.006)
        #expect(abs(statistics.firstDealMeanSets - 2.78) < 0.05)
        #expect(statistics.neverAbove12Rate > 0 && statistics.neverAbove12Rate < 1)
        #expect(abs(statistics.cardsLeftAtEnd.values.reduce(0, +) - 1) < 1e-9)
        // Cards leave only in Sets, so 81 = 3 × Sets found + cards left, on average too.
        let meanCardsLeft = statistics.cardsLeftAtEnd.reduce(0) { $0 + Double($1.key)! * $1.value }
        #expect(abs(3 * statistics.meanSetsFound + meanCardsLeft - 81) < 1e-9)
        // The cards left always sum to a multiple of three in every feature, so three left cards
        // would be a Set: a game never ends with exactly three.
        #expect(statistics.cardsLeftAtEnd["3"] == nil)
        #expect(statistics.cardsLeftAtEnd.keys.allSatisfy { Int($0)!.isMultiple(of: 3) })
        #expect(statistics.largestTable <= 21)
    }

    @Test func batchesDependOnlyOnGamesAndSeed() {
        let batches = SetSimulation.batches(games: 2500, seed: 3)
        #expect(batches.map(\.games) == [1000, 1000, 500])
        #expect(batches.map(\.seed) == SetSimulation.batches(games: 2500, seed: 3).map(\.seed))
        #expect(SetSimulation.batches(games: 0, seed: 3).isEmpty)
    }
}

extension SetSimulationTests {
    @Test func oneBatchOnThisThreadMatchesTheParallelRun() async {
        let parallel = await SetSimulation.run(games: 700, seed: 11)
        let serial = SetSimulation.runOnThisThread(
            games: 700, seed: SetSimulation.batches(games: 700, seed: 11)[0].seed)
        #expect(serial.cardsLeftAtEnd == parallel.cardsLeftAtEnd)
        #expect(serial.meanSetsFound == parallel.meanSetsFound)
    }
}
