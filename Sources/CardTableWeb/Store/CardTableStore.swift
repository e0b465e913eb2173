import Foundation
import GRDB

/// Owns the CardTable database: the only type that talks SQL.
///
/// Every operation is named for what a player does ("add a theme", "choose a card") and runs in
/// one transaction, which SQLite serialises with every other write. So two tabs or a double tap
/// can never interleave inside a read-modify-write, and each change is committed before the
/// operation returns (and so before any response is sent).
public final class CardTableStore: Sendable {
    let dbWriter: any DatabaseWriter

    /// Opens (creating if needed) the database at `location` and brings its schema up to date.
    /// - Parameter location: A file (folders are created as needed) or an in-memory database.
    public convenience init(_ location: StorageLocation) throws {
        switch location {
        case .inMemory:
            try self.init(dbWriter: DatabaseQueue(configuration: Self.configuration))
        case .file(let path):
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // NB: a DatabasePool puts the file in WAL mode, so page reads never wait for a write.
            try self.init(dbWriter: DatabasePool(path: path, configuration: Self.configuration))
        }
    }

    /// Wraps an open database and migrates it.
    init(dbWriter: any DatabaseWriter) throws {
        self.dbWriter = dbWriter
        try Self.migrator.migrate(dbWriter)
    }

    // MARK: - Configuration

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
