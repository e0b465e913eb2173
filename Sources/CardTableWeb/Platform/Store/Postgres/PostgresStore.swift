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
