import Foundation
import Logging
import NIOCore
import PostgresNIO

/// What PostgreSQL answered to a statement: its rows, and how many rows it read or changed.
package struct PostgresAnswer: Sendable {
    let rows: [PostgresRow]
    let rowCount: Int
}

extension PostgresConnection {
    /// Sends `sql`, prepared on this connection once it has a slot in ``PreparedStatements``,
    /// else unnamed (parsed and planned afresh), and answers when PostgreSQL does, or fails once
    /// `deadline` has passed (see ``answer(_:within:logger:)``). Waited for on a thread that may
    /// block (a ``PostgresTransaction``), or awaited by a task (a move's held save).
    func answer(_ sql: SQL, wantsRows: Bool, within deadline: Duration, logger: Logger)
        -> EventLoopFuture<PostgresAnswer>
    {
        answer(rendered: sql.rendered(for: .postgres), wantsRows: wantsRows, within: deadline, logger: logger)
    }

    /// ``answer(_:wantsRows:within:logger:)`` for a statement rendered already.
    func answer(
        rendered: (text: String, values: [SQLValue]), wantsRows: Bool, within deadline: Duration,
        logger: Logger
    ) -> EventLoopFuture<PostgresAnswer> {
        let (text, values) = rendered
        var binds = PostgresBindings(capacity: values.count)
        for value in values { value.bind(to: &binds) }
        let prepared = Self.preparedText(of: text, wantsRows: wantsRows)
        guard let prepared,
            let slot = PreparedStatements.shared.slot(
                for: PreparedStatements.Statement(text: prepared.text, valueKinds: values.map(\.kind)))
        else {
            let query = PostgresQuery(unsafeSQL: text, binds: binds)
            return answer(query, within: deadline, logger: logger).map {
                PostgresAnswer(rows: $0.rows, rowCount: $0.metadata.rows ?? 0)
            }
        }
        let answer = eventLoop.makePromise(of: [PostgresRow].self)
        // NB: on the connection's event loop, where postgres-nio writes and answers statements:
        // a channel seen open there gets the statement into its pipeline before it can close
        // (see `answer(_:within:logger:)`).
        Task(executorPreference: EventLoopTaskExecutor(eventLoop)) { [self, binds] in
            do {
                guard !isClosed else { throw PostgresConnectionClosed() }
                giveUp(answer, unansweredWithin: deadline)
                answer.succeed(try await runPrepared(slot: slot, bindings: binds, logger: logger))
            } catch {
                answer.fail(error)
            }
        }
        let generation = PreparedStatements.shared.generation
        return answer.futureResult.flatMapErrorThrowing { [self] error in
            if PreparedStatements.isStale(error) {
                PreparedStatements.shared.startAfresh(unlessSince: generation)
            } else if let error = error as? PSQLError, error.code == .server {
                // NB: postgres-nio keeps a statement whose preparing failed (a lock it waited for
                // was cancelled, a deadlock) failed on its connection for good, and the error
                // cannot tell preparing from running: the connection goes, and the pool opens
                // another.
                let _: EventLoopFuture<Void> = close()
            }
            throw error
        }
        .flatMapThrowing { rows in
            guard prepared.countsChanges else { return PostgresAnswer(rows: rows, rowCount: rows.count) }
            let count =
                try rows.first.map { try PostgresRandomAccessRow($0)["changed"].decode(Int.self) } ?? 0
            return PostgresAnswer(rows: [], rowCount: count)
        }
    }

    /// What to prepare for `text`: itself when it is read for its rows or is a query (whose rows
    /// count themselves); an insert, update or delete run for how many rows it changed, wrapped
    /// to answer with that count (postgres-nio gives no command tag for a prepared statement);
    /// nil for any other statement, which is sent unnamed: a `FETCH`, whose columns are its
    /// cursor's (a prepared statement's are fixed when it is prepared), or a command.
    private static func preparedText(of text: String, wantsRows: Bool) -> (text: String, countsChanges: Bool)?
    {
        let verb = text.prefix { $0.isLetter }.uppercased()
        switch verb {
        case "SELECT": return (text, false)
        case "WITH": return wantsRows ? (text, false) : nil
        case "INSERT", "UPDATE", "DELETE":
            if wantsRows || text.range(of: "RETURNING", options: .caseInsensitive) != nil {
                return (text, false)
            }
            return ("WITH changes AS (\(text) RETURNING 1) SELECT count(*) AS changed FROM changes", true)
        default: return nil
        }
    }
}
