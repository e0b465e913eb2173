import Foundation
import Logging

extension Backup {
    /// Writes a backup of the database at `database` (a SQLite file's path, or
    /// `postgres://USER@HOST:PORT/DB`) to the file at `path`.
    /// - Parameter seed: The rows a database starts with, stored if it is opened without them.
    /// - Returns: How many rows each table had.
    package static func make(
        of database: String, to path: String, seed: @escaping DatabaseSeed, logger: Logger
    )
        async throws -> [String: Int]
    {
        try await withDatabase(at: database, seed: seed, logger: logger) { opened in
            try await make(from: opened, to: URL(fileURLWithPath: path))
        }
    }

    /// Restores the backup at `path` into the database at `database`, which must hold no
    /// player or room yet (a new database).
    /// - Parameter seed: The rows a database starts with (the backup's replace them).
    /// - Returns: How many rows each table got.
    package static func restore(
        from path: String, into database: String, seed: @escaping DatabaseSeed, logger: Logger
    ) async throws -> [String: Int] {
        try await withDatabase(at: database, seed: seed, logger: logger) { opened in
            try await restore(from: URL(fileURLWithPath: path), into: opened)
        }
    }

    /// Opens the database at `location` (migrating it if need be), runs `body` with it and
    /// closes it.
    private static func withDatabase<Value: Sendable>(
        at location: String, seed: @escaping DatabaseSeed, logger: Logger,
        _ body: (any CardTableDatabase) async throws -> Value
    ) async throws -> Value {
        if let address = PostgresAddress(location) {
            // NB: a backup is one long read, not a player's move: it may wait for its connection,
            // and a statement of it (sorting a whole table before its first rows, or a restore's
            // COPY of one) for an hour, with no limit of PostgreSQL's own.
            let database = PostgresDatabase(
                address, logger: logger, leaseTimeout: .seconds(30), statementDeadline: .seconds(3_600),
                serverTimeouts: false)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await database.run() }
                defer { group.cancelAll() }
                try await database.migrate(seed: seed)
                return try await body(database)
            }
        }
        let database = try SQLiteDatabase(.file(path: location), logger: logger, seed: seed)
        do {
            let value = try await body(database)
            try database.close()
            return value
        } catch {
            try? database.close()
            throw error
        }
    }
}
