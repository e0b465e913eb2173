import Foundation
import GRDB
import Logging
import PostgresNIO
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// The databases a parameterised storage test runs on: SQLite always and PostgreSQL when the tests
/// have a cluster (``PostgresTestCluster``); or, with `CARDTABLE_TEST_STORES=postgres-over-tls`
/// (`Tests/Postgres/second-pass.sh`), PostgreSQL over TLS alone.
enum TestStores {
    enum Kind: String, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        case postgresOverTLS = "postgres over TLS"
        var testDescription: String { rawValue }
    }

    /// One instance's view of a test database: the database, and raw SQL for setting up damage.
    struct Instance: Sendable {
        let database: any CardTableDatabase
        /// Runs SQL straight on the database (both dialects accept what the tests send).
        let execute: @Sendable (String) async throws -> Void
        /// The number a `SELECT count(*) …` answers.
        let count: @Sendable (String) async throws -> Int
        /// Whether other instances write to the database (PostgreSQL), as ``ServedDatabase`` says.
        let isShared: Bool

        /// The database as an app built on this instance serves it.
        func served(secret: ServerSecret = .random()) -> ServedDatabase {
            ServedDatabase(database: database, secret: secret, isShared: isShared)
        }
    }

    static var available: [Kind] {
        if ProcessInfo.processInfo.environment["CARDTABLE_TEST_STORES"] == "postgres-over-tls" {
            return PostgresTestCluster.tlsAddress == nil ? [] : [.postgresOverTLS]
        }
        return [.sqlite] + (PostgresTestCluster.address == nil ? [] : [.postgres])
    }

    /// Runs `body` with `count` instances on one new, empty database of `kind`: the same SQLite
    /// store `count` times, or `count` PostgreSQL stores, each with its own connections, as
    /// several CardTable instances would have. The stores log to `logger`.
    static func withInstances<Value>(
        _ kind: Kind, count: Int, logger: Logger = Logger(label: "test"),
        _ body: ([Instance]) async throws -> Value
    ) async throws -> Value {
        switch kind {
        case .sqlite:
            let store = try SQLiteDatabase(.inMemory, logger: logger)
            let instance = Instance(
                database: store,
                execute: { sql in try await store.write { try $0.db.execute(sql: sql) } },
                count: { sql in try await store.read { try Int.fetchOne($0.db, sql: sql) ?? 0 } },
                isShared: false)
            return try await body(Array(repeating: instance, count: count))
        case .postgres, .postgresOverTLS:
            let plain = try #require(PostgresTestCluster.address)
            let cluster = kind == .postgres ? plain : try #require(PostgresTestCluster.tlsAddress)
            return try await PostgresTestCluster.withDatabase(on: cluster) { address in
                let stores = (0..<count).map { _ in
                    CardTableStorage.PostgresDatabase.underTest(address, logger: logger)
                }
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    for store in stores { group.addTask { await store.run() } }
                    defer { group.cancelAll() }
                    try await stores[0].migrate()
                    return try await body(
                        stores.map { store in
                            Instance(
                                database: store,
                                execute: { sql in
                                    _ = try await store.client.query(PostgresQuery(unsafeSQL: sql))
                                },
                                count: { sql in
                                    var count = 0
                                    let rows = try await store.client.query(PostgresQuery(unsafeSQL: sql))
                                    for try await value in rows.decode(Int.self) { count = value }
                                    return count
                                },
                                isShared: true)
                        })
                }
            }
        }
    }
}

extension CardTableDatabase {
    /// The player's saved Set game; nil when they have none, or its row could not be read (it is
    /// moved to the quarantine).
    func setGame(for player: PlayerID) async throws -> SavedSetGame? {
        try await storedSetGame(for: player).saved
    }
}
