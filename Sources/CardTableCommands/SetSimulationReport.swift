import Foundation
import SetCore

/// How `cardtable simulate set` prints its statistics.
enum SetSimulationReport {
    /// One JSON object with sorted keys.
    static func json(_ statistics: SetSimulationStatistics) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(statistics), as: UTF8.self)
    }

    /// A table for people.
    static func table(_ statistics: SetSimulationStatistics) -> String {
        var lines = [
            "Set: \(statistics.games) bot games, seed \(statistics.seed)",
            row("First deal without a Set", percent(statistics.firstDealNoSetRate)),
            row("Sets in the first deal (mean)", decimal(statistics.firstDealMeanSets)),
            row("Table never above 12 cards", percent(statistics.neverAbove12Rate)),
            row("Sets found per game (mean)", decimal(statistics.meanSetsFound)),
            row("Largest table", "\(statistics.largestTable) cards"),
            "Cards left at the end:",
        ]
        let leftovers = statistics.cardsLeftAtEnd.sorted { Int($0.key) ?? 0 < Int($1.key) ?? 0 }
        lines += leftovers.map { row("  \($0.key) cards", percent($0.value)) }
        lines.append(row("Speed", "\(Int(statistics.gamesPerSecond.rounded())) games/s"))
        return lines.joined(separator: "\n")
    }

    // MARK: - Private

    private static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: 32, withPad: " ", startingAt: 0) + value
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.2f %%", share * 100)
    }

    private static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
