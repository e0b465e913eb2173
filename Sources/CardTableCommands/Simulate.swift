import ArgumentParser

/// `cardtable simulate`: bots play many games and report statistics.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Let bots play many games and report statistics.",
        subcommands: [SimulateSet.self, SimulateBots.self, SimulateMemoryBots.self]
    )
}
