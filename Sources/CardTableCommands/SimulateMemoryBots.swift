import ArgumentParser
import Foundation
import MemorizeCore

/// `cardtable simulate memory-bots`: computer opponents of every level play Memorize against one
/// another.
struct SimulateMemoryBots: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-bots",
        abstract: "Let computer opponents of every level play Memorize against one another.",
        discussion: """
            Each game seats one bot of each level, the seats turning round from game to game. A \
            bot remembers only the cards it saw face up and forgets each with its level's chance \
            at every turn. Reported: each level's pairs per game, and how often the first turn \
            of a game (a bot that has seen nothing) matched, beside blind chance and the \
            highest count chance allows (its mean plus four standard deviations).

            """
    )

    @Option(help: "How many games to play.")
    var games = 10_000

    @Option(help: "Pairs in each game (2 to 40).")
    var pairs = 8

    @Option(help: "Where all randomness comes from; the same seed gives the same statistics.")
    var seed: UInt64 = 1

    func validate() throws {
        guard games > 0 else { throw ValidationError("--games must be at least 1.") }
        guard (2...40).contains(pairs) else { throw ValidationError("--pairs must be from 2 to 40.") }
    }

    func run() async throws {
        let statistics = MemoryBotStatistics.simulate(games: games, pairs: pairs, seed: seed)
        var lines = [
            "Memorize: \(statistics.games) games of four bots, \(statistics.pairs) pairs, seed \(statistics.seed)"
        ]
        for figures in statistics.pairsPerGame {
            lines.append(
                figures.level.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: "%6.2f pairs per game", figures.pairsPerGame))
        }
        let expected = Double(statistics.games) * statistics.firstTurnChance
        lines.append(
            String(
                format: "First turns that matched: %d of %d (blind chance %.1f; at most %.1f by chance)",
                statistics.firstTurnMatches, statistics.games, expected, statistics.firstTurnBound))
        print(lines.joined(separator: "\n"))
    }
}
