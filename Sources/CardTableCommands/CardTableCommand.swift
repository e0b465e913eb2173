import ArgumentParser

/// The `cardtable` command: serves the games (the default) or lets bots play them.
public struct CardTableCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cardtable",
        abstract: "Memorize and Set, played in the browser.",
        subcommands: [Serve.self, Simulate.self],
        defaultSubcommand: Serve.self
    )

    public init() {}
}
