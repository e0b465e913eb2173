import Foundation
import GRDB
import Logging

/// CardTable's database in one SQLite file (or in memory), through GRDB's pool: one writer at a
/// time, readers beside it on snapshots (WAL).
///
/// Every operation the features define on ``CardTableDatabase`` runs in one transaction, which
/// SQLite serialises with every other write. So two tabs or a double tap can never interleave
/// inside a read-modify-write, and each change is committed before the operation returns (and
/// so before any response is sent).
///
/// A row that no longer decodes is set aside in the `quarantine` table (see
/// ``DatabaseTransaction/setAside(from:key:because:)``) and the load carries on without it, so
/// one damaged row never breaks a page for good.
package final class SQLiteDatabase: Sendable {
    let dbWriter: any DatabaseWriter
    /// Where the database is: its file, or memory.
    package let location: StorageLocation
    /// Where rows set aside as unreadable are reported, at error level.
    package let logger: Logger

    /// Opens (creating if needed) the database at `location`, brings its schema up to date and
    /// stores the rows it starts with.
    /// - Parameters:
    ///   - location: A file (folders are created as needed) or an in-memory database.
    ///   - logger: Where damaged rows are reported.
    ///   - seed: Stores the rows every database starts with, unless they are there already.
    /// - Throws: ``DatabaseOpeningError`` when the file is damaged or was written by a newer CardTable.
    package convenience init(
        _ location: StorageLocation, logger: Logger = Logger(label: "cardtable.store"), seed: DatabaseSeed
    ) throws {
        switch location {
        case .inMemory:
            try self.init(
                dbWriter: DatabaseQueue(configuration: Self.configuration), logger: logger, seed: seed)
        case .file(let path):
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // NB: checked before anything opens it for writing, so a file refused is left as it was.
            let isChecked = try Self.checkBeforeOpening(path, logger: logger)
            let pool: DatabasePool
            do {
                // NB: a DatabasePool puts the file in WAL mode, so page reads never wait for a write.
                pool = try DatabasePool(path: path, configuration: Self.configuration)
            } catch let error as DatabaseError where Self.isDamage(error) {
                throw DatabaseOpeningError.damaged(path: path, details: [error.message ?? "\(error)"])
            }
            try self.init(dbWriter: pool, path: path, logger: logger, isChecked: isChecked, seed: seed)
        }
    }

    /// Wraps an open database, checks it (unless `isChecked`), migrates it and seeds it.
    /// - Parameter path: The file's path, for error messages.
    package init(
        dbWriter: any DatabaseWriter, path: String? = nil, logger: Logger = Logger(label: "cardtable.store"),
        isChecked: Bool = false, seed: DatabaseSeed
    ) throws {
        self.dbWriter = dbWriter
        self.location = path.map { .file(path: $0) } ?? .inMemory
        self.logger = logger
        if !isChecked { try Self.checkBeforeMigrating(dbWriter, path: path) }
        try Self.migrator.migrate(dbWriter)
        try dbWriter.write { db in
            try seed(Transaction(db: db, canWrite: true, damage: DamageLog(), logger: logger))
        }
    }

    // MARK: - Transactions

    /// One transaction on the SQLite database: GRDB's connection inside one of its transactions,
    /// as a ``DatabaseTransaction``.
    package struct Transaction {
        let db: Database
        /// Whether rows may be changed: `false` in ``SQLiteDatabase/read(_:)``, where a damaged row
        /// sends the work to a write transaction that can set it aside.
        package let canWrite: Bool
        /// The rows this transaction set aside, so a failed transaction can still set them aside.
        package let damage: DamageLog
        package let logger: Logger
        /// None: a SQLite move runs alone in one write transaction, where reading its row is cheap.
        package var savedRows: SavedRows? { nil }
    }

    /// Runs `body` in one write transaction: all it saves is committed together before this
    /// returns, or nothing is when it throws, except that rows `body` found damaged are still
    /// moved to the quarantine.
    package func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value)
        async throws
        -> Value
    {
        let (dbWriter, logger) = (dbWriter, logger)
        return try await DamagedRowPolicy.write { damage in
            try await dbWriter.write { db in
                try body(Transaction(db: db, canWrite: true, damage: damage, logger: logger))
            }
        } setAsideAgain: { rows in
            try await dbWriter.write { db in
                let transaction = Transaction(db: db, canWrite: true, damage: DamageLog(), logger: logger)
                for row in rows { try transaction.setAsideAgain(row) }
            }
        }
    }

    /// Runs `body` as a move (see ``CardTableDatabase/move(_:)``): one write transaction.
    package func move<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        try await write(body)
    }

    /// Runs `body` on a consistent snapshot of the database, without writing. When `body` meets a
    /// damaged row, it runs again in a write transaction, which sets the row aside.
    package func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        let (dbWriter, logger) = (dbWriter, logger)
        return try await DamagedRowPolicy.read {
            try await dbWriter.read { db in
                try body(Transaction(db: db, canWrite: false, damage: DamageLog(), logger: logger))
            }
        } elseWrite: {
            try await write(body)
        }
    }

    // MARK: - Configuration

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
