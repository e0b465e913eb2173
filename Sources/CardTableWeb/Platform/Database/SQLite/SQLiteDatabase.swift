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
public final class SQLiteDatabase: Sendable {
    let dbWriter: any DatabaseWriter
    /// Where the database is: its file, or memory.
    public let location: StorageLocation
    /// Where rows set aside as unreadable are reported, at error level.
    let logger: Logger

    /// Opens (creating if needed) the database at `location` and brings its schema up to date.
    /// - Parameters:
    ///   - location: A file (folders are created as needed) or an in-memory database.
    ///   - logger: Where damaged rows are reported.
    /// - Throws: ``DatabaseOpeningError`` when the file is damaged or was written by a newer CardTable.
    public convenience init(_ location: StorageLocation, logger: Logger = Logger(label: "cardtable.store"))
        throws
    {
        switch location {
        case .inMemory:
            try self.init(dbWriter: DatabaseQueue(configuration: Self.configuration), logger: logger)
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
            try self.init(dbWriter: pool, path: path, logger: logger, isChecked: isChecked)
        }
    }

    /// Wraps an open database, checks it (unless `isChecked`) and migrates it.
    /// - Parameter path: The file's path, for error messages.
    init(
        dbWriter: any DatabaseWriter, path: String? = nil, logger: Logger = Logger(label: "cardtable.store"),
        isChecked: Bool = false
    ) throws {
        self.dbWriter = dbWriter
        self.location = path.map { .file(path: $0) } ?? .inMemory
        self.logger = logger
        if !isChecked { try Self.checkBeforeMigrating(dbWriter, path: path) }
        try Self.migrator.migrate(dbWriter)
        try dbWriter.write { db in
            try Transaction(db: db, canWrite: true, damage: DamageLog(), logger: logger).storeSharedThemes()
        }
    }

    // MARK: - Transactions

    /// One transaction on the SQLite database: GRDB's connection inside one of its transactions,
    /// as a ``DatabaseTransaction``.
    public struct Transaction {
        let db: Database
        /// Whether rows may be changed: `false` in ``SQLiteDatabase/read(_:)``, where a damaged row
        /// sends the work to a write transaction that can set it aside.
        let canWrite: Bool
        /// The rows this transaction set aside, so a failed transaction can still set them aside.
        let damage: DamageLog
        let logger: Logger
    }

    /// Runs `body` in one write transaction: all it saves is committed together before this
    /// returns, or nothing is when it throws, except that rows `body` found damaged are still
    /// moved to the quarantine.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        let damage = DamageLog()
        let logger = logger
        do {
            return try await dbWriter.write { db in
                try body(Transaction(db: db, canWrite: true, damage: damage, logger: logger))
            }
        } catch {
            let rows = damage.rows
            if !rows.isEmpty {
                try await dbWriter.write { db in
                    let transaction = Transaction(db: db, canWrite: true, damage: DamageLog(), logger: logger)
                    for row in rows { try transaction.setAsideAgain(row) }
                }
            }
            throw error
        }
    }

    /// Runs `body` as a move (see ``CardTableDatabase/move(_:)``): one write transaction.
    func move<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        try await write(body)
    }

    /// Runs `body` on a consistent snapshot of the database, without writing. When `body` meets a
    /// damaged row, it runs again in a write transaction, which sets the row aside.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
    {
        let logger = logger
        do {
            return try await dbWriter.read { db in
                try body(Transaction(db: db, canWrite: false, damage: DamageLog(), logger: logger))
            }
        } catch is DamagedRow.NeedsWriting {
            return try await write(body)
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
