import ArgumentParser
import CardTableStorage
import CardTableWeb
import Foundation
import Logging

/// `cardtable backup FILE`: everything stored, as JSON lines that either database can restore.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write everything stored to FILE (JSON lines), from SQLite or PostgreSQL.")

    @Argument(help: "The file to write (replaced if it exists).")
    var file: String

    @OptionGroup var database: DatabaseChoice

    func run() async throws {
        let counts = try await Backup.make(
            of: database.location, to: file, seed: ServedDatabase.seed,
            logger: Logger(label: "cardtable.backup"))
        print("Backed up \(DatabaseChoice.summary(counts)) from \(database) to \(file).")
    }
}

/// `cardtable restore FILE`: a backup into a new, empty database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup FILE into a new, empty database (SQLite or PostgreSQL).")

    @Argument(help: "The backup to restore.")
    var file: String

    @OptionGroup var database: DatabaseChoice

    func run() async throws {
        let counts = try await Backup.restore(
            from: file, into: database.location, seed: ServedDatabase.seed,
            logger: Logger(label: "cardtable.restore"))
        print("Restored \(DatabaseChoice.summary(counts)) from \(file) into \(database).")
    }
}

/// The database a command uses (`--database`), and how it is said.
struct DatabaseChoice: ParsableArguments, CustomStringConvertible {
    @Option(
        help: """
            The database: a SQLite file's path or postgres://USER@HOST:PORT/DB \
            (default: CARDTABLE_DATABASE, else serve's default file).
            """)
    var database: String?

    /// The database asked for, else CARDTABLE_DATABASE, else serve's default file.
    var location: String {
        database ?? ProcessInfo.processInfo.environment["CARDTABLE_DATABASE"] ?? Serve.defaultDatabasePath
    }

    /// The database without its password.
    var description: String { Self.withoutPassword(location) }

    /// `database` as it may be shown: a postgres:// address without its password.
    static func withoutPassword(_ database: String) -> String {
        guard var url = URLComponents(string: database), url.scheme?.hasPrefix("postgres") == true else {
            return database
        }
        url.password = nil
        return url.string ?? database
    }

    /// "1204 rows (player 40, theme 360, …)".
    static func summary(_ counts: [String: Int]) -> String {
        let total = counts.values.reduce(0, +)
        let tables = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "\(total) rows (\(tables.joined(separator: ", ")))"
    }
}
