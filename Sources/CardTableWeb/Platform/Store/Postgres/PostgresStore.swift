import Foundation
import Logging
import PostgresNIO

/// CardTable's store on PostgreSQL, for sites where several CardTable instances share one
/// database: a `PostgresClient` (a pool of connections, which must be running: ``run()``) that
/// the features' store protocols are implemented on, one transaction per operation.
final class PostgresStore: Sendable {
    let client: PostgresClient
    let logger: Logger

    init(_ address: PostgresAddress, logger: Logger) {
        client = PostgresClient(configuration: address.clientConfiguration, backgroundLogger: logger)
        self.logger = logger
    }

    /// Runs the connection pool until the task is cancelled.
    func run() async {
        await client.run()
    }

    /// Brings the database's schema up to date (see ``PostgresMigrator``).
    func migrate() async throws {
        let applied = try await PostgresMigrator.migrate(client, logger: logger)
        if !applied.isEmpty { logger.info("Migrated PostgreSQL", metadata: ["migrations": "\(applied)"]) }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws (and
    /// its error, not PostgreSQL's wrapper, is thrown).
    func transaction<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws
        -> Value
    {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection)
            }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error
        }
    }

    /// Runs `body` in one read-only transaction that sees a single snapshot of the database.
    func snapshot<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction { connection in
            try await connection.query(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            return try await body(connection)
        }
    }
}

extension PostgresStore {
    /// Stores `player` if need be (as the SQLite store does on a first move) and locks their row
    /// until the transaction ends: the player's other changes wait for this one.
    func lockPlayer(_ player: PlayerID, at now: Date, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
            VALUES (\(player.rawValue), \(now), \(now), false, false) ON CONFLICT (id) DO NOTHING
            """, logger: logger)
        try await connection.query(
            "SELECT 1 FROM player WHERE id = \(player.rawValue) FOR UPDATE", logger: logger)
    }

    /// Moves the row of `table` whose `column` is `key` to the quarantine (all its columns, as
    /// JSON), as the SQLite store does with a row it cannot read.
    func setAside(
        from table: String, where column: String, is key: String, because error: any Error,
        on connection: PostgresConnection
    ) async throws {
        let reason = String(describing: error)
        try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    INSERT INTO quarantine (table_name, row_key, row_text, error)
                    SELECT $1, $2, row_to_json(t)::text, $3 FROM \(table) t WHERE \(column) = $2
                    """,
                binds: try Self.binds(table, key, reason)),
            logger: logger)
        try await connection.query(
            PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE \(column) = $1", binds: try Self.binds(key)),
            logger: logger)
        logger.error(
            "A row could not be read and was moved to the quarantine",
            metadata: ["table": "\(table)", "key": "\(key)", "error": "\(reason)"])
    }

    private static func binds(_ values: String...) throws -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }
}
