import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

extension CardTableStorage.PostgresDatabase {
    /// A database for a test: it waits up to ten minutes for a connection, and a minute for a
    /// statement's answer, since the whole suite on two cores can keep a new connection (or a
    /// statement waiting for a row another test's transaction locks) waiting well beyond a site's
    /// 2 s and 5 s. The wait for a connection is the longer one: a connection is handed over by
    /// the pool's task, which waits for one of Swift's two shared threads, and while the suite
    /// starts its CPU-bound tests hold those (a test that only parses options read "passed after
    /// 93 s"); `PostgresTLSTests`, among the first to start, twice waited out a minute so.
    static func underTest(
        _ address: PostgresAddress, logger: Logger = Logger(label: "test"),
        statementDeadline: Duration = .seconds(60)
    )
        -> CardTableStorage.PostgresDatabase
    {
        CardTableStorage.PostgresDatabase(
            address, logger: logger, leaseTimeout: .seconds(600), statementDeadline: statementDeadline)
    }
}

/// The PostgreSQL cluster the tests may use: `CARDTABLE_TEST_POSTGRES`, which
/// `Tests/Postgres/with-cluster.sh` sets (and `.ci/run` uses). PostgreSQL tests take it as their
/// argument from ``clusters``, empty without it; ``PostgreSQLTests`` then says, in one line, that
/// they were skipped.
enum PostgresTestCluster {
    static let address = ProcessInfo.processInfo.environment["CARDTABLE_TEST_POSTGRES"].flatMap(
        PostgresAddress.init)

    /// The same cluster over TLS, its certificate checked (`CARDTABLE_TEST_POSTGRES_TLS`).
    static let tlsAddress = ProcessInfo.processInfo.environment["CARDTABLE_TEST_POSTGRES_TLS"].flatMap(
        PostgresAddress.init)

    /// The cluster, when there is one: the argument of every PostgreSQL test.
    static var clusters: [PostgresAddress] { address.map { [$0] } ?? [] }

    static let skipped: Comment =
        "CARDTABLE_TEST_POSTGRES is not set, so the PostgreSQL tests are skipped (bash Tests/Postgres/with-cluster.sh swift test runs them)"

    /// Runs `body` with a running store (whose statements wait `statementDeadline` for an answer)
    /// on a new database of `cluster` holding a `probe` table (a column of each kind a statement
    /// binds), and the new database's address; the database is dropped afterwards.
    static func withProbeTable(
        on cluster: PostgresAddress, statementDeadline: Duration = .seconds(60),
        _ body: (CardTableStorage.PostgresDatabase, PostgresAddress) async throws -> Void
    ) async throws {
        try await withDatabase(on: cluster) { address in
            let store = CardTableStorage.PostgresDatabase.underTest(
                address, statementDeadline: statementDeadline)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                defer { group.cancelAll() }
                _ = try await store.write {
                    try $0.execute(
                        """
                        CREATE TABLE probe (id BIGINT PRIMARY KEY, name TEXT NOT NULL,
                            score DOUBLE PRECISION, flag BOOLEAN NOT NULL, at TIMESTAMPTZ NOT NULL, note TEXT)
                        """)
                }
                try await body(store, address)
            }
        }
    }

    /// Runs `body` with a new, empty database on the cluster, dropped afterwards.
    static func withDatabase<Value>(
        on cluster: PostgresAddress, _ body: (PostgresAddress) async throws -> Value
    ) async throws -> Value {
        let name = "cardtable_test_" + UUID().uuidString.replacing("-", with: "").lowercased()
        try await withClient(cluster) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        do {
            let value = try await body(cluster.database(name))
            try await drop(name, on: cluster)
            return value
        } catch {
            try? await drop(name, on: cluster)
            throw error
        }
    }

    /// Runs `body` with a client of `address`, running while it does.
    static func withClient<Value>(
        _ address: PostgresAddress, _ body: (PostgresClient) async throws -> Value
    ) async throws -> Value {
        let client = PostgresClient(
            configuration: address.clientConfiguration, backgroundLogger: Logger(label: "postgres-tests"))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    private static func drop(_ name: String, on cluster: PostgresAddress) async throws {
        try await withClient(cluster) { client in
            _ = try await client.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }
}
