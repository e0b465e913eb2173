import Foundation
import SetCore
import Testing

@testable import CardTableCommands

/// `cardtable simulate set`: parsing, repeatability and the two output formats.
struct SimulateSetTests {
    private func parse(_ arguments: [String]) throws -> SimulateSet {
        let command = try CardTableCommand.parseAsRoot(arguments)
        return try #require(command as? SimulateSet)
    }

    @Test func optionsAreParsed() throws {
        let command = try parse(["simulate", "set", "--games", "200", "--seed", "7", "--json"])
        #expect(command.games == 200)
        #expect(command.seed == 7)
        #expect(command.json)
    }

    @Test func defaultsAreTenThousandGamesAsATable() throws {
        let command = try parse(["simulate", "set"])
        #expect(command.games == 10_000)
        #expect(!command.json)
    }

    @Test func zeroGamesAreRefused() {
        #expect(throws: (any Error).self) {
            try CardTableCommand.parseAsRoot(["simulate", "set", "--games", "0"])
        }
    }

    @Test func theSameSeedGivesTheSameStatistics() async throws {
        let arguments = ["simulate", "set", "--games", "200", "--seed", "7", "--json"]
        let first = try await parse(arguments).simulate()
        let second = try await parse(arguments).simulate()
        #expect(first.ignoringSpeed == second.ignoringSpeed)
        #expect(first.games == 200)
        let other = try await parse(["simulate", "set", "--games", "200", "--seed", "8"]).simulate()
        #expect(other.ignoringSpeed != first.ignoringSpeed)
    }

    @Test func theJSONHasTheDocumentedFields() async throws {
        let statistics = try await parse(["simulate", "set", "--games", "200", "--seed", "7"]).simulate()
        let json = try SetSimulationReport.json(statistics)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fields = [
            "games", "seed", "firstDealNoSetRate", "firstDealMeanSets", "neverAbove12Rate", "cardsLeftAtEnd",
            "meanSetsFound", "gamesPerSecond",
        ]
        #expect(fields.allSatisfy { object[$0] != nil })
        #expect(object["games"] as? Int == 200)
        #expect(object["seed"] as? Int == 7)
        #expect(object["cardsLeftAtEnd"] is [String: Double])
    }

    @Test func theTableIsReadable() async throws {
        let statistics = try await parse(["simulate", "set", "--games", "200", "--seed", "7"]).simulate()
        let table = SetSimulationReport.table(statistics)
        #expect(table.hasPrefix("Set (normal): 200 bot games, seed 7"))
        #expect(table.contains("First deal without a Set"))
        #expect(table.contains("games/s"))
    }

    @Test(arguments: SetVariant.allCases)
    func everyModeIsSimulatedRepeatablyAndSaysWhichItWas(mode: SetVariant) async throws {
        let arguments = ["simulate", "set", "--games", "100", "--seed", "3", "--mode", mode.rawValue]
        let first = try await parse(arguments).simulate()
        let second = try await parse(arguments).simulate()
        #expect(first.ignoringSpeed == second.ignoringSpeed)
        #expect(first.mode == mode)
        #expect(first.meanSetsFound > 0)
        let table = SetSimulationReport.table(first)
        #expect(table.hasPrefix("Set (\(mode.rawValue)): 100 bot games, seed 3"))
        #expect(table.contains("Table never above \(mode.tableSize) cards"))
        #expect(
            table.contains(mode == .ultra ? "First deal without an UltraSet" : "First deal without a Set"))
        // Each game takes whole matches from the variant's deck, so the cards left add up.
        for (left, _) in first.cardsLeftAtEnd {
            let taken = mode.cards.count - (Int(left) ?? -1)
            #expect(mode == .chain || taken.isMultiple(of: mode.cardsPerMatch), "\(left) cards left")
        }
    }

    @Test func anUnknownModeIsRefused() {
        #expect(throws: (any Error).self) {
            try CardTableCommand.parseAsRoot(["simulate", "set", "--mode", "speed"])
        }
    }
}
