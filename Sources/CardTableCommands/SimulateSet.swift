import ArgumentParser
import SetCore

/// `cardtable simulate set`: bots play Set many times and report what the games were like.
struct SimulateSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Let bots play Set and report statistics.",
        discussion: """
            Each bot deals the table (12 cards; 9 in Junior), takes a random match while there is \
            one, and deals three more cards when there is none, until the deck is empty and no \
            match is left. Modes: normal, junior (27 solid cards), chain (each Set reuses a card \
            of the one before), ultra (four cards: two pairs completed by the same card).

            """
    )

    @Option(help: "How many games to play.")
    var games = 10_000

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
        let progress = json ? nil : SimulationProgressLine.onTerminal(totalGames: games)
        let statistics = await simulate { finished in progress?.show(finished: finished) }
        progress?.finish()
        print(json ? try SetSimulationReport.json(statistics) : SetSimulationReport.table(statistics))
    }

    /// Plays the games this command describes.
    func simulate(progress: (Int) -> Void = { _ in }) async -> SetSimulationStatistics {
        await SetSimulation.run(games: games, seed: seed, variant: mode, progress: progress)
    }
}

extension SetVariant: ExpressibleByArgument {}
