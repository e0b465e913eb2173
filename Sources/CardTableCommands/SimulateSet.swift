import ArgumentParser
import SetCore

/// `cardtable simulate set`: bots play Set many times and report what the games were like.
struct SimulateSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Let bots play Set and report statistics.",
        discussion: """
            Each bot deals 12 cards, takes a random Set while there is one, and deals three more \
            cards when there is none, until the deck is empty and no Set is left.
            """
    )

    @Option(help: "How many games to play.")
    var games = 10_000

    @Option(help: "Where all randomness comes from; the same seed gives the same statistics.")
    var seed: UInt64 = 1

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard games > 0 else { throw ValidationError("--games must be at least 1.") }
    }

    func run() async throws {
        let progress = json ? nil : SimulationProgressLine.onTerminal(totalGames: games)
        let statistics = await simulate { finished in progress?.show(finished: finished) }
        progress?.finish()
        print(json ? try SetSimulationReport.json(statistics) : SetSimulationReport.table(statistics))
    }

    /// Plays the games this command describes.
    func simulate(progress: (Int) -> Void = { _ in }) async -> SetSimulationStatistics {
        await SetSimulation.run(games: games, seed: seed, progress: progress)
    }
}
