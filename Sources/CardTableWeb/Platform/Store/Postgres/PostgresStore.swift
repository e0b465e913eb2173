import Foundation
import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle

/// CardTable's store on PostgreSQL, for sites where several CardTable instances share one
/// database: a `PostgresClient` (a pool of connections, which must be running: ``run()``) that
/// the features' store protocols are implemented on, one transaction per operation.
final class PostgresStore: Service {
    let client: PostgresClient
    let logger: Logger
    /// The threads ``PostgresTransaction``s run on, which wait for PostgreSQL's answers: one per
    /// connection the pool may open, so no transaction waits for a thread.
    let blockingThreads: NIOThreadPool

    init(_ address: PostgresAddress, logger: Logger) {
        let configuration = address.clientConfiguration
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        blockingThreads = NIOThreadPool(numberOfThreads: configuration.options.maximumConnections)
        // NB: started now, not in `run()`: work may be sent before the services have started
        // (the migration, in the app's `beforeServerStarts`).
        blockingThreads.start()
        self.logger = logger
    }

    /// Runs the connection pool (and the threads transactions run on) until the task is cancelled:
    /// the app runs it as one of its services.
    func run() async {
        await client.run()
        try? await blockingThreads.shutdownGracefully()
    }

    /// Brings the database's schema up to date (see ``PostgresMigrator``) and stores the shared
    /// built-in themes if they are not there yet, as the SQLite store does when it opens.
    func migrate() async throws {
        let applied = try await PostgresMigrator.migrate(client, logger: logger)
        if !applied.isEmpty { logger.info("Migrated PostgreSQL", metadata: ["migrations": "\(applied)"]) }
        try await write { try $0.storeSharedThemes() }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws (and
    /// its error, not PostgreSQL's wrapper, is thrown).
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func transaction<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws
        -> Value
    {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection)
            }
        } catch let error as PostgresTransactionError {
            // NB: without an error of the body's, BEGIN, COMMIT or ROLLBACK failed: the connection.
            guard let bodyError = error.closureError else { throw StoreUnavailable(underlying: error) }
            throw Self.isConnectionLost(bodyError) ? StoreUnavailable(underlying: bodyError) : bodyError
        } catch {
            throw StoreUnavailable(underlying: error)  // no connection could be leased from the pool
        }
    }

    /// Runs one statement outside a transaction.
    @discardableResult
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        do {
            return try await client.query(query, logger: logger)
        } catch {
            throw (error is PSQLError && !Self.isConnectionLost(error))
                ? error : StoreUnavailable(underlying: error)
        }
    }

    /// Whether `error` says the connection to PostgreSQL failed or closed, or the server is
    /// shutting down or not accepting yet (SQLSTATE classes 08 and 57P), rather than that a
    /// statement was refused.
    private static func isConnectionLost(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if error.code == .server, let state = error.serverInfo?[.sqlState] {
            return state.hasPrefix("08") || state.hasPrefix("57P")
        }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed].contains(
            error.code)
    }

    /// Runs `body` in one read-only transaction that sees a single snapshot of the database.
    func snapshot<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction { connection in
            try await connection.query(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            return try await body(connection)
        }
    }

    /// Runs `body` on a single snapshot of the database, read-only (`canSetAside` false) unless it
    /// meets a row that cannot be read: then `body` throws ``DamagedRow/NeedsWriting`` and runs
    /// again on a snapshot that may write (`canSetAside` true), which moves the row to the
    /// quarantine.
    func snapshot<Value: Sendable>(
        settingAside body: (PostgresConnection, _ canSetAside: Bool) async throws -> Value
    ) async throws -> Value {
        do {
            return try await snapshot { connection in try await body(connection, false) }
        } catch is DamagedRow.NeedsWriting {
            return try await transaction { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
                return try await body(connection, true)
            }
        }
    }
}

extension PostgresStore {
    /// Stores `player` if need be (as the SQLite store does on a first move) and locks their row
    /// until the transaction ends: the player's other changes wait for this one.
    func lockPlayer(_ player: PlayerID, at now: Date, on connection: PostgresConnection) async throws {
        try await storePlayer(player, at: now, on: connection)
        try await connection.query(
            "SELECT 1 FROM player WHERE id = \(player.rawValue) FOR UPDATE", logger: logger)
    }

    /// Stores `player` unless they are stored, without locking their row.
    func storePlayer(_ player: PlayerID, at now: Date, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
            VALUES (\(player.rawValue), \(now), \(now), false, false) ON CONFLICT (id) DO NOTHING
            """, logger: logger)
    }

    /// Moves the row of `table` whose key columns hold `key` to the quarantine: all its
    /// columns as JSON, and its key as a JSON object, as the SQLite store does with a row it
    /// cannot read. A room's events go to the quarantine with it (the cascade would delete them).
    func setAside(
        from table: String, key: [String: QuarantineKey], because error: any Error,
        on connection: PostgresConnection
    ) async throws {
        let reason = String(describing: error)
        let columns = key.keys.sorted()
        let keyValues = columns.map { key[$0]?.text ?? "" }
        try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    INSERT INTO quarantine (table_name, row_key, row_text, error)
                    SELECT $1, $2, row_to_json(t)::text, $3 FROM \(table) t
                    WHERE \(Self.condition(columns, after: 3))
                    """,
                binds: try Self.binds([table, JSONText.encode(key), reason] + keyValues)),
            logger: logger)
        if let (dependent, column, parentColumn, dependentKey) = Self.dependents[table] {
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO quarantine (table_name, row_key, row_text, error)
                        SELECT $1, \(Self.keyText(dependentKey)), row_to_json(d)::text, $2
                        FROM \(dependent) d
                        WHERE \(column) IN (SELECT \(parentColumn) FROM \(table) WHERE \(Self.condition(columns, after: 2)))
                        """,
                    binds: Self.binds([dependent, "Its \(table) was set aside."] + keyValues)),
                logger: logger)
        }
        try await connection.query(
            PostgresQuery(
                unsafeSQL: "DELETE FROM \(table) WHERE \(Self.condition(columns, after: 0))",
                binds: Self.binds(keyValues)),
            logger: logger)
        logger.error(
            "A row could not be read and was moved to the quarantine",
            metadata: ["table": "\(table)", "key": "\(key.mapValues(\.text))", "error": "\(reason)"])
    }

    /// `columns` each equal to a bind, numbered from `after` + 1. Compared as text, so one
    /// statement serves text and number keys.
    private static func condition(_ columns: [String], after: Int) -> String {
        columns.enumerated().map { "\($1)::text = $\(after + $0 + 1)" }.joined(separator: " AND ")
    }

    /// The tables whose rows go with a row of another table by a foreign key's cascade, and are
    /// moved to the quarantine with it (as the SQLite store does, see ``DamagedRow``): the
    /// dependent table, its column naming the row, the row's column it names, and the
    /// dependent's key columns.
    private static let dependents = ["room": ("room_event", "room_code", "code", ["number", "room_code"])]

    /// SQL for the key of a row `d` as a JSON object, as ``JSONText`` writes it (sorted, compact).
    private static func keyText(_ columns: [String]) -> String {
        let members = columns.sorted().map { "'\"\($0)\":' || to_json(d.\($0))::text" }
        return "'{' || " + members.joined(separator: " || ',' || ") + " || '}'"
    }

    private static func binds(_ values: [String]) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }
}

/// A key column's value of a row moved to the quarantine: text (a player's id) or a number (a
/// theme's id).
enum QuarantineKey: Encodable, Sendable {
    case text(String)
    case number(Int64)

    /// The value as PostgreSQL prints it.
    var text: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        }
    }
}
