import ArgumentParser
import Foundation
import SetCore

/// `cardtable simulate bots`: computer opponents of every level play Set against one another.
struct SimulateBots: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bots",
        abstract: "Let computer opponents of every level play Set against one another.",
        discussion: """
            Each game seats one bot of each level (beginner, casual, quick, expert) at a shared \
            table. Every bot plans a claim whenever the table changes and the earliest plan is \
            played. Reported per level: the seconds it takes to find a match (median and 90th \
            percentile over every table it searched, and the median on first deals), the \
            matches it took and its wrong claims per game.

            """
    )

    @Option(help: "How many games to play.")
    var games = 1_000

    @Option(help: "Where all randomness comes from; the same seed gives the same statistics.")
    var seed: UInt64 = 1

    @Option(help: "Which game of Set: normal, junior, chain or ultra.")
    var mode = SetVariant.normal

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard games > 0 else { throw ValidationError("--games must be at least 1.") }
    }

    func run() async throws {
        let statistics = SetBotStatistics.simulate(games: games, seed: seed, variant: mode)
        print(json ? try Self.json(statistics) : Self.table(statistics))
    }

    /// One JSON object with sorted keys.
    static func json(_ statistics: SetBotStatistics) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(statistics), as: UTF8.self)
    }

    /// A table for people.
    static func table(_ statistics: SetBotStatistics) -> String {
        let header =
            "Set (\(statistics.mode.rawValue)): \(statistics.games) games of four bots, seed \(statistics.seed)"
        let columns = ["level", "median s", "p90 s", "first deal s", "taken/game", "wrong/game"]
        let rows = statistics.levels.map { level in
            [
                level.level.rawValue, String(format: "%.1f", level.medianSecondsPerMatch),
                String(format: "%.1f", level.p90SecondsPerMatch),
                String(format: "%.1f", level.medianSecondsOnFirstDeal),
                String(format: "%.2f", level.matchesPerGame),
                String(format: "%.2f", level.wrongClaimsPerGame),
            ]
        }
        let lines = ([columns] + rows).map { cells in
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: 10, withPad: " ", startingAt: 0) : pad(cell, to: 13)
            }.joined()
        }
        let length = String(format: "Mean game: %.0f s of play", statistics.meanGameSeconds)
        return ([header] + lines + [length]).joined(separator: "\n")
    }

    private static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
