import Foundation
import Logging

extension Backup {
    /// Writes a backup of the database at `database` (a SQLite file's path, or
    /// `postgres://USER@HOST:PORT/DB`) to the file at `path`.
    /// - Returns: How many rows each table had.
    public static func make(of database: String, to path: String, logger: Logger) async throws -> [String:
        Int]
    {
        try await withStore(at: database, logger: logger) { store in
            try await make(from: store, to: URL(fileURLWithPath: path))
        }
    }

    /// Restores the backup at `path` into the database at `database`, which must hold no
    /// player or room yet (a new database).
    /// - Returns: How many rows each table got.
    public static func restore(from path: String, into database: String, logger: Logger) async throws
        -> [String: Int]
    {
        try await withStore(at: database, logger: logger) { store in
            try await restore(from: URL(fileURLWithPath: path), into: store)
        }
    }

    /// Opens the database (migrating it if need be), runs `body` with it and closes it.
    private static func withStore<Value: Sendable>(
        at database: String, logger: Logger, _ body: (any BackupStore) async throws -> Value
    ) async throws -> Value {
        if let address = PostgresAddress(database) {
            let store = PostgresDatabase(address, logger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                defer { group.cancelAll() }
                try await store.migrate()
                return try await body(store)
            }
        }
        let store = try SQLiteDatabase(.file(path: database), logger: logger)
        do {
            let value = try await body(store)
            try store.close()
            return value
        } catch {
            try? store.close()
            throw error
        }
    }
}
