import Logging
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and collects its rows, as `query(_:logger:)` does, but fails with
    /// ``PostgresConnectionClosed`` rather than never answering when the connection has closed
    /// before the query got to it. Every statement `PostgresDatabase` sends goes through here.
    ///
    /// postgres-nio (1.33) writes a query to the connection's channel with no promise for the
    /// write, and only its channel handler fails the query's future when the channel is closed.
    /// Once NIO has closed a channel it removes the handlers from its pipeline, and a write that
    /// comes after that fails, to nobody, with `ioOnClosedChannel`: the query's future is never
    /// completed, and whoever waits for it (a thread in `wait()`, or a task in `get()`, which
    /// cancelling does not end) waits forever. `FailFastTests` hung so, at times, when PostgreSQL
    /// was stopped under load: on the `ROLLBACK` after a statement failed because the server went
    /// away (the failure comes while the handler is still there, the `ROLLBACK` after it has
    /// gone), or on the `COMMIT` after the last statement was answered just before. The pool
    /// too hears of a closed connection only after its handlers are gone, so it may lend one.
    ///
    /// A query not answered within `deadline` (PostgreSQL or the network gone silent, rather than
    /// refusing) fails with ``StatementDeadlinePassed`` and the connection is closed, so the pool
    /// opens another rather than lending this one again.
    package func answer(_ query: PostgresQuery, within deadline: Duration, logger: Logger)
        -> EventLoopFuture<PostgresQueryResult>
    {
        let answer = eventLoop.makePromise(of: PostgresQueryResult.self)
        // NB: on the channel's event loop, in one task: the query is written straight into the
        // pipeline of a channel seen open, whose handler then answers it or fails it when the
        // channel closes (NIO marks a channel closed and tells its handlers in one go). A query
        // written to a channel already closed would be dropped, never answered.
        eventLoop.execute { [self] in
            if isClosed { return answer.fail(PostgresConnectionClosed()) }
            self.query(query, logger: logger).cascade(to: answer)
            giveUp(answer, unansweredWithin: deadline)
        }
        return answer.futureResult
    }

    /// Fails `answer` and closes the connection unless `answer` is completed within `deadline`.
    /// Runs on the connection's event loop.
    func giveUp<Value>(_ answer: EventLoopPromise<Value>, unansweredWithin deadline: Duration) {
        eventLoop.assertInEventLoop()
        let timer = eventLoop.scheduleTask(in: TimeAmount(deadline)) { [self] in
            answer.fail(StatementDeadlinePassed(deadline: deadline))
            let _: EventLoopFuture<Void> = close()
        }
        answer.futureResult.whenComplete { _ in timer.cancel() }
    }
}

/// PostgreSQL did not answer a statement within the deadline: the connection was closed, and
/// whether the statement took effect is not known (a move reports it unsaved: a 503).
package struct StatementDeadlinePassed: Error, CustomStringConvertible {
    let deadline: Duration

    package var description: String { "PostgreSQL did not answer a statement within \(deadline)" }
}

/// The connection had closed when a statement was sent on it: PostgreSQL never got it.
struct PostgresConnectionClosed: Error, CustomStringConvertible {
    package var description: String {
        "the connection to PostgreSQL had closed before the statement was sent"
    }
}
