import Logging
import PostgresNIO

/// Brings a PostgreSQL database up to ``PostgresSchema/migrations`` at start-up. Several
/// instances may start together: each migrates in one transaction that first takes a
/// transaction-scoped advisory lock, so one of them migrates and the others, let in after it
/// committed, find nothing left to do.
enum PostgresMigrator {
    /// The advisory lock every CardTable instance takes to migrate: "CARDTABL" as a big-endian
    /// 64-bit number.
    static let lockKey: Int64 = 0x4341_5244_5441_424C

    /// Applies the migrations `client`'s database lacks.
    /// - Returns: The identifiers applied, in order (none when the schema was up to date).
    /// - Throws: ``DatabaseOpeningError/writtenByNewerVersion(path:migrations:)`` when the database
    ///   holds a migration this build does not know (nothing is changed), or PostgreSQL's error.
    @discardableResult
    package static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [String] {
        do {
            return try await applyMissing(client, logger: logger)
        } catch let error as PostgresTransactionError {
            // The refusal (or PostgreSQL's error) rather than the wrapper that says it was rolled back.
            throw error.closureError ?? error
        }
    }

    private static func applyMissing(_ client: PostgresClient, logger: Logger) async throws -> [String] {
        try await client.withTransaction(logger: logger) { connection in
            // NB: a migration (and waiting for another instance's) may take longer than a move's
            // statement is let run (see `ServerTimeouts`).
            try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS cardtable_migration (
                    identifier TEXT PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied: Set<String> = []
            let rows = try await connection.query(
                "SELECT identifier FROM cardtable_migration", logger: logger)
            for try await identifier in rows.decode(String.self) { applied.insert(identifier) }
            let unknown = applied.subtracting(PostgresSchema.migrations.map(\.identifier))
            guard unknown.isEmpty else {
                throw DatabaseOpeningError.writtenByNewerVersion(path: nil, migrations: unknown.sorted())
            }
            var done: [String] = []
            for migration in PostgresSchema.migrations where !applied.contains(migration.identifier) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO cardtable_migration (identifier) VALUES (\(migration.identifier))",
                    logger: logger)
                done.append(migration.identifier)
            }
            return done
        }
    }
}
