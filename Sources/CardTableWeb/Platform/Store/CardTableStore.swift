import Foundation
import GRDB

/// Owns the CardTable database: the only type that talks SQL.
///
/// Every operation runs in one transaction, which SQLite serialises with every other write. So
/// two tabs or a double tap can never interleave inside a read-modify-write, and each change is
/// committed before the operation returns (and so before any response is sent). Features add
/// their loads and saves to ``Transaction``; their services decide what to load and save.
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

    // MARK: - Transactions

    /// One transaction's view of the database. Features extend it with intent-named loads and
    /// saves; nothing outside the store sees SQL.
    public struct Transaction {
        let db: Database
    }

    /// Runs `body` in one write transaction: all it saves is committed together before this
    /// returns, or nothing is when it throws.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        try await dbWriter.write { db in try body(Transaction(db: db)) }
    }

    /// Runs `body` on a consistent snapshot of the database, without writing.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        try await dbWriter.read { db in try body(Transaction(db: db)) }
    }

    // MARK: - Configuration

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
