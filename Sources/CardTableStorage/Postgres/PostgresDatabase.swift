import Foundation
import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// CardTable's database on PostgreSQL, for sites where several CardTable instances share one:
/// a `PostgresClient` (a pool of connections, which must be running: ``run()``) that runs the
/// operations the features define on ``CardTableDatabase``, one transaction each.
///
/// It fails fast: work that gets no connection within ``leaseTimeout`` (PostgreSQL down, or
/// unreachable) is given up, and then a ``CircuitBreaker`` refuses work at once until a probe
/// finds the database back. Either way the caller gets ``DatabaseUnavailable`` (a 503 in words).
package final class PostgresDatabase: Service {
    package let client: PostgresClient
    package let logger: Logger
    /// How long work waits for a connection from the pool before it is given up.
    package let leaseTimeout: Duration
    /// How long a statement waits for PostgreSQL's answer before it fails and its connection is
    /// closed (a database gone silent: stopped, or cut off by the network, rather than refusing).
    /// PostgreSQL itself gives up a little earlier (see ``ServerTimeouts``).
    package let statementDeadline: Duration
    /// Refuses work at once while the database cannot be reached.
    let breaker: CircuitBreaker
    /// The threads ``PostgresTransaction``s with a connection run on, which wait for
    /// PostgreSQL's answers: one per connection the pool may open, so no transaction waits for a
    /// thread.
    let blockingThreads: NIOThreadPool
    /// What this instance's moves last saved, which the next move of a row starts from.
    package let savedRows = SavedRows()
    /// Gives up work that had no connection within ``leaseTimeout``.
    let leaseWatch: LeaseWatch
    /// How many moves ran from memory, their save the only statement (see
    /// ``movedFromMemory(_:)``).
    package let movesFromMemory = Atomic<Int>(0)
    /// Sends the held saves of moves run from memory, those that finish together as one
    /// statement.
    let saveQueue = SaveQueue<MoveSave, [RowVersion]>(
        limit: savesSentTogether, shape: shape(of:), failed: failedBatch(_:))

    /// - Parameters:
    ///   - leaseTimeout: How long work waits for a connection (also the time to connect).
    ///   - statementDeadline: How long a statement waits for its answer.
    ///   - breakerCooldown: How long work is refused after the database could not be reached,
    ///     before one piece of work tries it again.
    ///   - serverTimeouts: Whether PostgreSQL gives up on a statement, or an idle transaction, by
    ///     itself a little before the deadline (see ``ServerTimeouts``); a backup or a restore,
    ///     one long read or write, runs without.
    package init(
        _ address: PostgresAddress, logger: Logger, leaseTimeout: Duration = .seconds(2),
        statementDeadline: Duration = .seconds(5), breakerCooldown: Duration = .seconds(1),
        serverTimeouts: Bool = true
    ) {
        var configuration = address.clientConfiguration
        configuration.options.connectTimeout = leaseTimeout
        // NB: one connection stays open. postgres-nio gives every other connection an idle timer
        // (a task and a sleep) each time it goes back to the pool, and cancels it at the next
        // lease: at one player's pace that was about three of a move's 21 thread wake-ups.
        configuration.options.minimumConnections = 1
        if serverTimeouts {
            configuration.options.additionalStartupParameters +=
                ServerTimeouts(within: statementDeadline).parameters
        }
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.leaseTimeout = leaseTimeout
        self.statementDeadline = statementDeadline
        breaker = CircuitBreaker(cooldown: breakerCooldown)
        // NB: a twentieth of the timeout, kept between 10 and 100 ms: few checks while work
        // waits, and work given up soon after its deadline.
        let watchInterval = min(max(leaseTimeout / 20, .milliseconds(10)), .milliseconds(100))
        leaseWatch = LeaseWatch(checkingEvery: watchInterval)
        blockingThreads = NIOThreadPool(numberOfThreads: configuration.options.maximumConnections)
        // NB: started now, not in `run()`: work may be sent before the services have started
        // (the migration, in the app's `beforeServerStarts`).
        blockingThreads.start()
        self.logger = logger
    }

    /// Runs the connection pool (and the threads transactions run on) until the task is cancelled:
    /// the app runs it as one of its services.
    ///
    /// The threads are told to stop, but stopping does not wait for them. Seen in CI once (after
    /// PostgreSQL was stopped under load, `FailFastTests`): one thread waited forever in
    /// `EventLoopFuture.wait()` under `PostgresTransaction.run`, and the app never finished
    /// shutting down. Its statement had been sent on a connection that had closed, which
    /// postgres-nio never answers; such a statement now fails (see
    /// ``PostgresConnection/answer(_:within:logger:)``).
    package func run() async {
        await client.run()
        leaseWatch.stop()
        blockingThreads.shutdownGracefully { _ in }
    }

    /// Brings the database's schema up to date (see ``PostgresMigrator``) and stores the rows it
    /// starts with (`seed`) if they are not there yet, as the SQLite database does when it opens.
    package func migrate(seed: @escaping DatabaseSeed) async throws {
        let applied = try await PostgresMigrator.migrate(client, logger: logger)
        if !applied.isEmpty { logger.info("Migrated PostgreSQL", metadata: ["migrations": "\(applied)"]) }
        try await write { try seed($0) }
    }

    /// Runs `body` in one transaction of `kind`: committed when it returns, rolled back when it
    /// throws (and its error is thrown).
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had in time or it was lost.
    package func transaction<Value: Sendable>(
        _ kind: TransactionKind = .readWrite,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    )
        async throws -> Value
    {
        try await failingFast { [client, logger, statementDeadline] lease in
            do {
                // NB: the deadline is met once there is a connection, before BEGIN is sent.
                return try await client.withConnection { connection in
                    try lease.begin()
                    // NB: not postgres-nio's `withTransaction`, whose statements may never be
                    // answered once the connection has closed (see `answer(_:within:logger:)`).
                    try await Self.statement(
                        kind.begin, on: connection, within: statementDeadline, logger: logger)
                    let value: Value
                    do {
                        value = try await body(connection)
                    } catch {
                        // NB: ROLLBACK fails only when the connection, and so the transaction, is gone.
                        try? await Self.statement(
                            "ROLLBACK", on: connection, within: statementDeadline, logger: logger)
                        throw ThrownByBody(error: error)
                    }
                    try await Self.statement(
                        "COMMIT", on: connection, within: statementDeadline, logger: logger)
                    return value
                }
            } catch let thrown as ThrownByBody {
                throw Self.meansUnavailable(thrown.error)
                    ? DatabaseUnavailable(underlying: thrown.error) : thrown.error
            } catch let cancelled as CancellationError {
                throw cancelled  // given up, or the caller went away: not the database's doing
            } catch  where Task.isCancelled && !lease.hasBegun {
                throw CancellationError()  // the pool gave up the lease: the caller went away
            } catch {
                // NB: no connection could be leased from the pool, or BEGIN or COMMIT failed.
                throw DatabaseUnavailable(underlying: error)
            }
        }
    }

    /// Runs `sql` on `connection` (see ``PostgresConnection/answer(_:within:logger:)``).
    private static func statement(
        _ sql: String, on connection: PostgresConnection, within deadline: Duration, logger: Logger
    ) async throws {
        _ = try await connection.answer(PostgresQuery(unsafeSQL: sql), within: deadline, logger: logger).get()
    }

    /// Runs `body` on a leased connection outside any transaction block, so each of its
    /// statements commits alone.
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had in time or it was lost.
    package func connection<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    )
        async throws -> Value
    {
        try await failingFast { [client] lease in
            do {
                return try await client.withConnection { connection in
                    try lease.begin()
                    do { return try await body(connection) } catch { throw ThrownByBody(error: error) }
                }
            } catch let thrown as ThrownByBody {
                throw Self.meansUnavailable(thrown.error)
                    ? DatabaseUnavailable(underlying: thrown.error) : thrown.error
            } catch let cancelled as CancellationError {
                throw cancelled  // given up, or the caller went away: not the database's doing
            } catch  where Task.isCancelled && !lease.hasBegun {
                throw CancellationError()  // the pool gave up the lease: the caller went away
            } catch {
                throw DatabaseUnavailable(underlying: error)  // no connection could be leased from the pool
            }
        }
    }

    /// Whether `error` leaves the work unanswered rather than refused: the connection was lost
    /// (``isConnectionLost(_:)``), or PostgreSQL cancelled a statement that ran past its
    /// `statement_timeout` (see ``ServerTimeouts``).
    static func meansUnavailable(_ error: any Error) -> Bool {
        isConnectionLost(error) || ServerTimeouts.cancelledStatement(error)
    }

    /// Whether `error` says the connection to PostgreSQL failed, closed or went silent, or the server is
    /// shutting down or not accepting yet (SQLSTATE classes 08 and 57P), rather than that a
    /// statement was refused.
    static func isConnectionLost(_ error: any Error) -> Bool {
        if error is PostgresConnectionClosed || error is StatementDeadlinePassed { return true }
        guard let error = error as? PSQLError else { return false }
        if error.code == .server, let state = error.serverInfo?[.sqlState] {
            return state.hasPrefix("08") || state.hasPrefix("57P")
        }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed].contains(
            error.code)
    }

    /// Runs `body` in one read-only transaction that sees a single snapshot of the database.
    package func snapshot<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    )
        async throws -> Value
    {
        try await transaction(.snapshot, body)
    }
}

/// An error of the work done on a leased connection, told apart from the pool's own.
private struct ThrownByBody: Error {
    let error: any Error
}

/// What a transaction may do and see, as its first statement says.
package enum TransactionKind: Sendable {
    /// Reads and writes, at PostgreSQL's default isolation (read committed).
    case readWrite
    /// Reads one snapshot of the database, without writing.
    case snapshot

    /// The statement that begins such a transaction: one statement that sets its isolation too
    /// (a round trip fewer than `BEGIN` and then `SET TRANSACTION`).
    var begin: String {
        switch self {
        case .readWrite: "BEGIN"
        case .snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        }
    }
}
