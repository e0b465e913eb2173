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
        let mode = statistics.mode ?? .normal
        let match = mode == .ultra ? "UltraSet" : "Set"
        var lines = [
            "Set (\(mode.rawValue)): \(statistics.games) bot games, seed \(statistics.seed)",
            row(
                "First deal without \(mode == .ultra ? "an" : "a") \(match)",
                percent(statistics.firstDealNoSetRate)),
            row("\(match)s in the first deal (mean)", decimal(statistics.firstDealMeanSets)),
            row("Table never above \(mode.tableSize) cards", percent(statistics.neverAbove12Rate)),
            row("\(match)s found per game (mean)", decimal(statistics.meanSetsFound)),
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
        label.padding(toLength: 36, withPad: " ", startingAt: 0) + value
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.2f %%", share * 100)
    }

    private static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
