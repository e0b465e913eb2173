import ArgumentParser

/// The `cardtable` command: serves the games (the default), lets bots play them, or backs up and
/// restores what is stored.
public struct CardTableCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cardtable",
        abstract: "Memorize and Set, played in the browser.",
        subcommands: [Serve.self, Simulate.self, BackupCommand.self, RestoreCommand.self],
        defaultSubcommand: Serve.self
    )

    public init() {}
}
