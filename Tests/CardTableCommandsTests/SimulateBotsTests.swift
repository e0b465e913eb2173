import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableCommands

/// `cardtable simulate bots` and `simulate memory-bots`: parsing, repeatability and the report.
struct SimulateBotsTests {
    private func parse<Command>(_ arguments: [String], as type: Command.Type) throws -> Command {
        try #require(try CardTableCommand.parseAsRoot(arguments) as? Command)
    }

    @Test func setBotOptionsAreParsedAndZeroGamesRefused() throws {
        let command = try parse(
            ["simulate", "bots", "--games", "20", "--mode", "ultra", "--json"], as: SimulateBots.self)
        #expect(command.games == 20)
        #expect(command.mode == .ultra)
        #expect(command.json)
        #expect(try parse(["simulate", "bots"], as: SimulateBots.self).games == 1_000)
        #expect(throws: (any Error).self) {
            try CardTableCommand.parseAsRoot(["simulate", "bots", "--games", "0"])
        }
    }

    @Test func theSameSeedGivesTheSameFiguresAndTheReportNamesEveryLevel() throws {
        let first = SetBotStatistics.simulate(games: 20, seed: 3, variant: .normal)
        #expect(first == SetBotStatistics.simulate(games: 20, seed: 3, variant: .normal))
        #expect(first != SetBotStatistics.simulate(games: 20, seed: 4, variant: .normal))
        let table = SimulateBots.table(first)
        #expect(table.hasPrefix("Set (normal): 20 games of four bots, seed 3"))
        for level in SetBotLevel.allCases { #expect(table.contains("\n\(level.rawValue) ")) }
        let json = try SimulateBots.json(first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let levels = try #require(object["levels"] as? [[String: Any]])
        #expect(levels.count == 4)
        let fields = [
            "level", "medianSecondsPerMatch", "p90SecondsPerMatch", "medianSecondsOnFirstDeal",
            "matchesPerGame",
            "wrongClaimsPerGame",
        ]
        #expect(levels.allSatisfy { level in fields.allSatisfy { level[$0] != nil } })
    }

    @Test func memoryBotPairsAreBounded() throws {
        #expect(
            try parse(["simulate", "memory-bots", "--pairs", "12"], as: SimulateMemoryBots.self).pairs == 12)
        #expect(throws: (any Error).self) {
            try CardTableCommand.parseAsRoot(["simulate", "memory-bots", "--pairs", "41"])
        }
        #expect(throws: (any Error).self) {
            try CardTableCommand.parseAsRoot(["simulate", "memory-bots", "--pairs", "1"])
        }
    }
}
