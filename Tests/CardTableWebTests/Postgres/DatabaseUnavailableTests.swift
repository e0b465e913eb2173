import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// While the database cannot be reached, players are told so in words, with 503 and a time to
/// try again, never a bare 500; PostgreSQL's lost connections are told from refused statements.
@Suite struct DatabaseUnavailableTests {
    @Test func aMoveWhileTheDatabaseIsUnreachableIsAnswered503InWords() async throws {
        let store = try SQLiteDatabase(.inMemory)
        let app = try await buildApplication(
            WebConfiguration(),
            database: ServedDatabase(database: SetGamesDown(base: store), secret: .random()),
            environment: .live, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            let move = try await client.execute(
                uri: "/set/new", method: .post, headers: [.accept: "application/json"])
            #expect(move.status == .serviceUnavailable)
            #expect(move.headers[.retryAfter] == "5")
            let answer = try JSONDecoder().decode([String: ErrorJSON].self, from: Data(buffer: move.body))
            #expect(answer["error"]?.message == ErrorPage.unavailableMessage)

            let page = try await client.execute(uri: "/set", method: .get, headers: [.accept: "text/html"])
            #expect(page.status == .serviceUnavailable)
            #expect(String(buffer: page.body).contains("cannot reach their database just now"))
            // The rest of the site, which needs no Set game, still answers.
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    /// A statement PostgreSQL refuses, or an error of the change itself, is not "unavailable";
    /// a pool that can give no connection (here: shut down) is.
    @Test(arguments: PostgresTestCluster.clusters)
    func aRefusedStatementIsNotUnavailableAndAPoolWithoutConnectionsIs(cluster: PostgresAddress) async throws
    {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let store = CardTableStorage.PostgresDatabase.underTest(address)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                await #expect(throws: PSQLError.self) {
                    try await store.transaction { connection in
                        _ = try await connection.query(
                            "SELECT no_such_column FROM no_such_table", logger: store.logger)
                    }
                }
                await #expect(throws: AppError.notFound("gone")) {
                    try await store.transaction { _ in throw AppError.notFound("gone") }
                }
                let rows = try await store.read { try $0.rows("SELECT 1 AS one") { try $0("one") as Int } }
                #expect(rows == [1])
                group.cancelAll()
                try await group.waitForAll()
            }
            await #expect(throws: DatabaseUnavailable.self) {
                try await store.transaction { _ in }
            }
            await #expect(throws: DatabaseUnavailable.self) {
                try await store.read { _ in }
            }
        }
    }

    /// A caller that goes away while its work waits for a connection (every one of the pool's
    /// is busy) is not the database failing: the work ends cancelled, and the breaker, which
    /// would refuse everyone for its cooldown, stays closed.
    @Test(arguments: PostgresTestCluster.clusters)
    func aCallerThatGoesAwayWhileWaitingForAConnectionLeavesTheBreakerClosed(cluster: PostgresAddress)
        async throws
    {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let store = CardTableStorage.PostgresDatabase.underTest(address)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                defer { group.cancelAll() }
                let gate = Gate()
                let busy = BusyConnections()
                let maximum = address.clientConfiguration.options.maximumConnections
                var holders: [Task<Void, any Error>] = []
                for _ in 0..<maximum {
                    holders.append(
                        Task {
                            try await store.connection { _ in
                                busy.add()
                                await gate.wait()
                            }
                        })
                }
                for _ in 0..<1_000 where busy.count < maximum { try await Task.sleep(for: .milliseconds(10)) }
                #expect(busy.count == maximum)
                let waiting = Task { try await store.connection { _ in } }
                // NB: long enough for the lease to be queued in the pool, whose cancellation is
                // what this checks; cancelled sooner, it ends the same way.
                try await Task.sleep(for: .milliseconds(200))
                waiting.cancel()
                await #expect(throws: CancellationError.self) { try await waiting.value }
                #expect(store.breaker.admits(at: .now) == .closed)
                gate.open()
                for holder in holders { try await holder.value }
            }
        }
    }

    /// How many connections are held.
    private final class BusyConnections: Sendable {
        private let held = Mutex(0)

        func add() { held.withLock { $0 += 1 } }
        var count: Int { held.withLock { $0 } }
    }

    /// A connection that closes under a transaction, as when PostgreSQL stops, fails what is
    /// sent on it afterwards, and its ROLLBACK, at once: postgres-nio drops a statement written to
    /// a closed connection and never answers it, and `FailFastTests` hung waiting for one.
    @Test(arguments: PostgresTestCluster.clusters)
    func statementsSentOnAConnectionThatClosedFailRatherThanWaitForever(cluster: PostgresAddress)
        async throws
    {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let store = CardTableStorage.PostgresDatabase(
                address, logger: Logger(label: "test"), leaseTimeout: .seconds(60), breakerCooldown: .zero)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                // A statement of a write, on a thread that waits for its answer; then the ROLLBACK.
                await #expect(throws: DatabaseUnavailable.self) {
                    try await store.write { transaction in
                        // NB: a write always has its connection; without one, nothing throws.
                        guard case .connection(let connection) = transaction.destination else { return }
                        try connection.close().wait()
                        try transaction.execute("SELECT 1")
                    }
                }
                // The ROLLBACK after an error of the transaction's own, which is what is thrown.
                await #expect(throws: AppError.notFound("gone")) {
                    try await store.transaction { connection in
                        try await connection.close()
                        throw AppError.notFound("gone")
                    }
                }
                let rows = try await store.read { try $0.rows("SELECT 1 AS one") { try $0("one") as Int } }
                #expect(rows == [1])
                group.cancelAll()
                try await group.waitForAll()
            }
        }
    }

    private struct ErrorJSON: Decodable {
        let status: Int
        let message: String
    }

    /// The database, but for its Set games, which cannot be reached: a statement that names the
    /// `set_game` table fails as a lost database does.
    private struct SetGamesDown: CardTableDatabase {
        struct Down: Error {}

        struct Transaction: DatabaseTransaction {
            let base: SQLiteDatabase.Transaction
            var dialect: SQLDialect { base.dialect }
            var canWrite: Bool { base.canWrite }
            var damage: DamageLog { base.damage }
            var logger: Logger { base.logger }
            var savedRows: SavedRows? { base.savedRows }

            func execute(_ sql: SQL) throws -> Int {
                try reach(sql)
                return try base.execute(sql)
            }

            func rows<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> [Value] {
                try reach(sql)
                return try base.rows(sql, decode)
            }

            func forEachRow(_ sql: SQL, _ body: (any DatabaseRow) throws -> Void) throws {
                try reach(sql)
                try base.forEachRow(sql, body)
            }

            func copyToQuarantine(
                from table: String, matching: [String: SQLValue], keyColumns: [String], because error: String,
                unchangedFrom: String?
            ) throws -> [String] {
                try base.copyToQuarantine(
                    from: table, matching: matching, keyColumns: keyColumns, because: error,
                    unchangedFrom: unchangedFrom)
            }

            private func reach(_ sql: SQL) throws {
                if sql.rendered(for: dialect).text.contains("set_game") {
                    throw DatabaseUnavailable(underlying: Down())
                }
            }
        }

        let base: SQLiteDatabase

        func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
            -> Value
        {
            try await base.read { try body(Transaction(base: $0)) }
        }

        func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
            -> Value
        {
            try await base.write { try body(Transaction(base: $0)) }
        }

        func move<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
            -> Value
        {
            try await base.move { try body(Transaction(base: $0)) }
        }
    }
}
