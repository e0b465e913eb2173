import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage

/// PostgreSQL gives up by itself a little before an instance would: a statement waiting for a
/// lock is cancelled there (an answer, not silence), and a session left idle inside a
/// transaction block is ended, so neither leaves a backend waiting or a row locked.
@Suite struct ServerTimeoutsTests {
    @Test func postgresGivesUpAFifthBeforeTheInstance() {
        #expect(ServerTimeouts(within: .seconds(5)).milliseconds == 4_000)
        #expect(ServerTimeouts(within: .milliseconds(1_250)).milliseconds == 1_000)
        #expect(
            ServerTimeouts(within: .seconds(5)).parameters.map { "\($0)=\($1)" } == [
                "statement_timeout=4000", "idle_in_transaction_session_timeout=4000",
            ])
    }

    /// Zero would mean "never" to PostgreSQL, and it takes nothing past 2³¹ − 1 ms.
    @Test func theServersTimeoutsStayWithinWhatPostgresTakes() {
        #expect(ServerTimeouts(within: .microseconds(100)).milliseconds == 1)
        #expect(ServerTimeouts(within: .zero).milliseconds == 1)
        #expect(ServerTimeouts(within: .seconds(3_600)).milliseconds == 2_880_000)
        #expect(ServerTimeouts(within: .seconds(Int64.max)).milliseconds == ServerTimeouts.longest)
    }

    static let deadline = Duration.seconds(5)

    /// A write waiting for a row another session holds is cancelled by PostgreSQL (SQLSTATE 57014)
    /// before the instance's deadline would: the player gets a 503, no backend is left waiting
    /// for the lock, and once the lock goes the same store writes the row. The write is sent
    /// often enough first to be prepared, as a move's statements are.
    @Test(arguments: PostgresTestCluster.clusters)
    func aStatementWaitingForALockIsCancelledByPostgres(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withProbeTable(on: cluster, statementDeadline: Self.deadline) {
            store, address in
            try await Self.insertRow(1, into: store)
            for _ in 0..<PreparedStatements.usesBeforePreparing {
                _ = try await store.write { try $0.execute("UPDATE probe SET name = 'waited' WHERE id = 1") }
            }
            // NB: a client of its own, without the store's timeouts, holds the row's lock.
            try await PostgresTestCluster.withClient(address) { holder in
                try await holder.withTransaction(logger: Logger(label: "holder")) { connection in
                    _ = try await connection.query(
                        "SELECT id FROM probe WHERE id = 1 FOR UPDATE", logger: Logger(label: "test"))
                    let failure = await #expect(throws: DatabaseUnavailable.self) {
                        try await store.write {
                            try $0.execute("UPDATE probe SET name = 'waited' WHERE id = 1")
                        }
                    }
                    #expect(failure.map { ServerTimeouts.cancelledStatement($0.underlying) } == true)
                    #expect(try await Self.backendsWaitingForALock(store) == 0)
                }
            }
            let written = try await store.write {
                try $0.execute("UPDATE probe SET name = 'written' WHERE id = 1")
            }
            #expect(written == 1)
        }
    }

    /// A transaction block left idle (its instance stopped mid-transaction) is ended by
    /// PostgreSQL, and the row it locked is free for another session's write. (The store that
    /// lost its session refuses work for a moment: its breaker cannot tell a session ended from
    /// a database gone.)
    @Test(arguments: PostgresTestCluster.clusters)
    func aTransactionLeftIdleIsEndedAndItsLocksFreed(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withProbeTable(on: cluster, statementDeadline: Self.deadline) {
            store, address in
            try await Self.insertRow(1, into: store)
            let idle = ServerTimeouts(within: Self.deadline).milliseconds
            await #expect(throws: DatabaseUnavailable.self) {
                try await store.transaction { connection in
                    _ = try await connection.query(
                        "SELECT id FROM probe WHERE id = 1 FOR UPDATE", logger: Logger(label: "test"))
                    try await Task.sleep(for: .milliseconds(idle * 2))
                }
            }
            // NB: with the lock still held, this would wait for it (the client has no timeouts).
            let written = try await PostgresTestCluster.withClient(address) { client in
                try await client.query("UPDATE probe SET name = 'written' WHERE id = 1 RETURNING id")
                    .collect().count
            }
            #expect(written == 1)
        }
    }

    private static func insertRow(_ id: Int, into store: CardTableStorage.PostgresDatabase) async throws {
        _ = try await store.write {
            try $0.execute(
                "INSERT INTO probe (id, name, flag, at) VALUES (\(id), 'probe', \(true), \(Date(timeIntervalSince1970: 0)))"
            )
        }
    }

    /// How many backends of the store's database wait for a lock.
    private static func backendsWaitingForALock(_ store: CardTableStorage.PostgresDatabase) async throws
        -> Int
    {
        try await store.read {
            try $0.rows(
                """
                SELECT count(*) AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'
                """
            ) { row in try row("waiting") as Int }
        }[0]
    }
}
