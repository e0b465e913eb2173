import Benchmark
import Foundation
import SeededRandom
import SetCore

/// The hot paths: finding every Set on tables of 12, 15 and 21 cards, and whole games.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput])

    for size in [12, 15, 21] {
        Benchmark("SetRules.allSets on \(size) cards") { benchmark in
            var generator = SeededGenerator(seed: 1)
            let tables = (0..<100).map { _ in Array(SetCard.shuffledDeck(using: &generator).prefix(size)) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for table in tables { blackHole(SetRules.allSets(in: table)) }
            }
        }
    }

    Benchmark("Bot game on the lean table") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(SetSimulation.runOnThisThread(games: 1, seed: UInt64(iteration)))
        }
    }

    Benchmark("Bot game through SetGame") { benchmark in
        let start = Date.now
        for iteration in benchmark.scaledIterations {
            var generator = SeededGenerator(seed: UInt64(iteration))
            var game = SetGame(using: &generator, at: start)
            while !game.isOver {
                let sets = game.setsOnTable
                if let trio = sets.randomElement(using: &generator) {
                    for card in trio.cards { game.select(card, at: start) }
                    game.select(trio.first, at: start)
                } else {
                    game.dealThreeMore(at: start)
                }
            }
            blackHole(game)
        }
    }
}
